<?php
/*
 * Between the array shape and the DTO doubles, for comparing the DTO path
 * with the array path.
 */

use AdachSoft\AiAgent\Spi\Conversation\Dto as D;
use Spi\Variadic as V;

/** A DTO history (documented collections, or variadic ones) from arrays. */
function spi_from_arrays(array $history, bool $variadic = false): object
{
    $messages = [];
    foreach ($history as $m) {
        $calls = array_map(fn ($c) => $variadic ? new V\Call($c['id'], $c['toolName'], $c['arguments'])
            : new D\ToolCallDto($c['id'], $c['toolName'], $c['arguments']), $m['toolCalls']);
        $results = array_map(fn ($r) => $variadic ? new V\Result($r['id'], $r['toolName'], $r['result'])
            : new D\ToolCallResultDto($r['id'], $r['toolName'], $r['result']), $m['toolResults']);
        $messages[] = $variadic
            ? new V\Message($m['role'], $m['content'], new V\Calls(...$calls), new V\Results(...$results))
            : new D\ConversationMessageDto($m['role'], $m['content'], new D\ToolCallDtoCollection($calls), new D\ToolCallResultDtoCollection($results));
    }
    return $variadic ? new V\Messages(...$messages) : new D\ConversationMessageDtoCollection($messages);
}

/** The array shape of a DTO history. */
function spi_to_arrays(iterable $history): array
{
    $out = [];
    foreach ($history as $m) {
        $calls = $results = [];
        foreach ($m->toolCalls as $c) {
            $calls[] = ['id' => $c->id, 'toolName' => $c->toolName, 'arguments' => $c->arguments];
        }
        foreach ($m->toolResults as $r) {
            $results[] = ['id' => $r->id, 'toolName' => $r->toolName, 'result' => $r->result];
        }
        $out[] = ['role' => $m->role, 'content' => $m->content, 'toolCalls' => $calls, 'toolResults' => $results];
    }
    return $out;
}
