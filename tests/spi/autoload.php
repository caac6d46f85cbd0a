<?php
/*
 * A Composer-like autoloader for the SPI doubles. spi_autoload('variant')
 * serves interfaces/variant.php as the SPI interface.
 */

function spi_autoload(string $interface = 'documented', bool $prepend = false): void
{
    spl_autoload_register(static function (string $class) use ($interface): void {
        $dir = __DIR__;
        if ($class === 'AdachSoft\AiAgent\Spi\Conversation\ConversationContextStrategyInterface') {
            require "$dir/interfaces/$interface.php";
        } elseif (str_starts_with($class, 'AdachSoft\AiAgent\Spi\Conversation\Dto\\')) {
            require_once "$dir/dto.php";
        } elseif (str_starts_with($class, 'Spi\Variadic\\')) {
            require_once "$dir/dto_variadic.php";
        } elseif (str_starts_with($class, 'Spi\Agent\\')) {
            require_once "$dir/orchestrator.php";
        }
    }, true, $prepend);
    require_once __DIR__ . '/convert.php';
}
