<?php

declare(strict_types=1);

/**
 * Userland reference of docs/SPEC.md Part 6, the budget, the window and the
 * summary, on plain-array histories in every format. Written from the
 * contract only.
 *
 * Entry points: reference_target() (the pass under targetTokens) and
 * reference_window(), which reference_compact_format() calls on the pass's
 * output.
 */

namespace ToolCompact\Tests;

require_once __DIR__ . '/formats.php';

/**
 * Applies the window of $params to $output, the history a pass returned in
 * $format (null: no format could be used), and adds its keys to $report.
 */
function reference_window(array $output, ?string $format, array $params, bool $wantReport, ?array &$report): array
{
    $p = ReferenceCompactor::resolve($params);
    if ($p['maxMessages'] === null && $p['maxTokensWindow'] === null) {
        return $output;
    }
    $done = ['messagesDropped' => 0, 'droppedFrom' => null, 'droppedTo' => null,
        'windowMet' => $format !== null, 'summaryUsed' => false, 'summaryFailed' => false, 'summaryError' => null];
    if ($format !== null) {
        [$output, $done] = (new ReferenceWindow($format, $p))->apply($output);
    }
    if ($wantReport) {
        $report += $done;
    }
    return $output;
}

/**
 * The pass under targetTokens: the whole pass (no onOmit, no gate), each
 * message's estimate before and after it, the first position at which the
 * oldest messages changed bring the total to the target, then the pass
 * again leaving the messages from there on alone.
 */
function reference_target(array $history, array $params, bool $wantReport, ?array &$report, ?string &$format): array
{
    $p = ReferenceCompactor::resolve($params);
    $probeParams = $params;
    unset($probeParams['onOmit'], $probeParams['minSavedBytes']);
    $probe = reference_pass_format($history, $probeParams, false, $unused, $format);
    $keep = $p['keepRecentMessages'];
    if ($format !== null) {
        $before = array_map(fn ($m) => message_tokens($m, $format, $p['tokenCounter']), array_values($history));
        $after = array_map(fn ($m) => message_tokens($m, $format, $p['tokenCounter']), array_values($probe));
        $total = array_sum($before);
        $position = 0;
        while ($total > $p['targetTokens'] && $position < count($before)) {
            $total += $after[$position] - $before[$position];
            $position++;
        }
        $keep = max($keep, count($before) - $position);
    }
    $output = reference_pass_format($history, ['keepRecentMessages' => $keep] + $params, $wantReport, $report, $format);
    if ($wantReport) {
        $report['targetMet'] = $report['tokensAfter'] <= $p['targetTokens'];
    }
    return $output;
}

/** The estimate's tokens of one message of $format: a pass's tokensBefore of the message alone. */
function message_tokens(mixed $message, string $format, ?callable $counter): int
{
    $params = ['format' => $format, 'trigger' => ['messages' => PHP_INT_MAX]];
    if ($counter !== null) {
        $params['tokenCounter'] = $counter;
    }
    // the pass itself: a message alone is read in the history's format, fit or not
    $pass = $format === 'adachsoft' ? new ReferenceCompactor($params) : new FormatPass($format, $params);
    $pass->compact([$message], true, $report);
    return $report['tokensBefore'];
}

final class ReferenceWindow
{
    public function __construct(private string $format, private array $p)
    {
    }

    /** @return array{array, array} the history and the report's keys */
    public function apply(array $history): array
    {
        $messages = array_values($history);
        $n = count($messages);
        $room = $this->p['summarize'] !== null ? 1 : 0;
        $facts = $this->facts($messages);

        // the smallest cut within the limits, never past the last message
        $cut = 0;
        while ($cut < $n - 1 && !$this->within($facts, $cut, $room)) {
            $cut++;
        }
        $first = $cut;
        // Anthropic and Gemini want a user message first: a summary is one
        $userFirst = in_array($this->format, ['anthropic', 'gemini'], true);
        $cut = $this->moveBack($facts, $first, $userFirst && !$room);
        [$dropped, $done] = $this->dropped($messages, $facts, $cut, $room);
        if ($dropped === []) {
            return [$history, $done];
        }
        $summary = null;
        if ($room) {
            $summary = $this->summary($dropped, $error);
            if ($summary === null && $userFirst) {
                // a plain drop after all: the cut again, a user message first
                $cut = $this->moveBack($facts, $first, true);
                [$dropped, $done] = $this->dropped($messages, $facts, $cut, $room);
            }
            $done['summaryUsed'] = $summary !== null;
            $done['summaryFailed'] = $summary === null;
            $done['summaryError'] = $error;
            if ($dropped === []) {
                return [$history, $done];
            }
        }
        $kept = [];
        foreach ($messages as $i => $message) {
            if ($i === $done['droppedFrom'] && $summary !== null) {
                $kept[] = $summary;
            }
            if (!$this->isDropped($facts, $cut, $i)) {
                $kept[] = $message;
            }
        }
        return [$kept, $done];
    }

    /** The cut moved back until no rule moves it. */
    private function moveBack(array $facts, int $cut, bool $userFirst): int
    {
        do {
            $before = $cut;
            $cut = $this->backForPairs($facts, $cut);
            if ($cut === $before && $userFirst) {
                $cut = $this->backForUser($facts, $cut);
            }
        } while ($cut !== $before);
        return $cut;
    }

    /** @return array{list<mixed>, array} the dropped messages and the report's keys for them */
    private function dropped(array $messages, array $facts, int $cut, int $room): array
    {
        $done = ['messagesDropped' => 0, 'droppedFrom' => null, 'droppedTo' => null,
            'windowMet' => $this->within($facts, $cut, $room), 'summaryUsed' => false, 'summaryFailed' => false, 'summaryError' => null];
        $dropped = [];
        foreach ($messages as $i => $message) {
            if ($this->isDropped($facts, $cut, $i)) {
                $dropped[] = $message;
                $done['droppedFrom'] ??= $i;
                $done['droppedTo'] = $i;
            }
        }
        $done['messagesDropped'] = count($dropped);
        return [$dropped, $done];
    }

    private function isDropped(array $facts, int $cut, int $i): bool
    {
        return $i < $cut && !$facts[$i]['pinned'];
    }

    /** Are the messages kept with the cut within both limits (the summary counted when one is dropped)? */
    private function within(array $facts, int $cut, int $room): bool
    {
        $count = 0;
        $tokens = 0;
        foreach ($facts as $i => $fact) {
            if (!$this->isDropped($facts, $cut, $i)) {
                $count++;
                $tokens += $fact['tokens'];
            }
        }
        if ($count < count($facts)) {
            $count += $room;
        }
        return ($this->p['maxMessages'] === null || $count <= $this->p['maxMessages'])
            && ($this->p['maxTokensWindow'] === null || $tokens <= $this->p['maxTokensWindow']);
    }

    /** The oldest dropped message of a pair with a kept item, or the cut itself. */
    private function backForPairs(array $facts, int $cut): int
    {
        $positions = [];
        foreach ($facts as $i => $fact) {
            foreach ($fact['ids'] as $id) {
                $positions[$id][] = $i;
            }
        }
        $moved = $cut;
        foreach ($positions as $list) {
            $dropped = array_values(array_filter($list, fn (int $i): bool => $this->isDropped($facts, $cut, $i)));
            if ($dropped !== [] && count($dropped) < count($list)) {
                $moved = min($moved, $dropped[0]);
            }
        }
        return $moved;
    }

    /** With messages dropped, a cut at a message that is not a user message moves to the nearest user message before it. */
    private function backForUser(array $facts, int $cut): int
    {
        $dropsAny = false;
        for ($i = 0; $i < $cut; $i++) {
            $dropsAny = $dropsAny || !$facts[$i]['pinned'];
        }
        if (!$dropsAny || $cut >= count($facts) || $facts[$cut]['user']) {
            return $cut;
        }
        for ($i = $cut - 1; $i > 0 && !$facts[$i]['user']; $i--) {
        }
        return max($i, 0);
    }

    /** Per message: tokens, pinned, user, ids (of its calls and results). */
    private function facts(array $messages): array
    {
        $items = $this->format === 'adachsoft' ? null : (new FormatPass($this->format, []))->walkItems($messages);
        $extra = $this->providerPairs($messages);
        $facts = [];
        $firstUserSeen = false;
        foreach ($messages as $i => $message) {
            $role = is_array($message) && is_string($message['role'] ?? null) ? $message['role'] : null;
            $ids = [];
            $holdsResult = false;
            if ($items === null) {
                foreach (['toolCalls', 'toolResults'] as $list) {
                    $entries = is_array($message) && is_array($message[$list] ?? null) ? $message[$list] : [];
                    foreach ($entries as $item) {
                        if (is_array($item) && is_string($item['id'] ?? null)) {
                            $ids[] = ['any', $item['id']];
                            $holdsResult = $holdsResult || $list === 'toolResults';
                        }
                    }
                }
            } else {
                foreach ($items[$i] as $item) {
                    // the id the entry gives (gemini: the walk's, when it gives none)
                    $id = is_string($item['given']) ? $item['given'] : $item['id'];
                    if (is_string($id)) {
                        $ids[] = [$item['kind'], $id];
                        $holdsResult = $holdsResult || $item['kind'] === 'result';
                    }
                }
            }
            $pinned = $this->p['keepSystem'] && in_array($role, ['system', 'developer'], true);
            if ($role === 'user' && !$holdsResult && !$firstUserSeen) {
                $firstUserSeen = true;
                $pinned = $pinned || $this->p['keepFirstUser'];
            }
            $facts[] = [
                'tokens' => $this->p['maxTokensWindow'] !== null ? message_tokens($message, $this->format, $this->p['tokenCounter']) : 0,
                'pinned' => $pinned,
                'user' => $role === 'user',
                'ids' => [...$ids, ...$extra[$i]],
            ];
        }
        return $this->pairIds($facts);
    }

    /**
     * Each [kind, id] of $facts' ids turned into its pair, "pair N": in
     * adachsoft (kind any) every item of an id is one pair; else a call
     * starts a pair and a result joins the pair of the nearest call before
     * it that no result answers yet, else the newest pair of its id (else
     * a pair of its own). A message's calls of one id are one call, its
     * results of one id one result.
     */
    private function pairIds(array $facts): array
    {
        $ids = [];
        $n = 0;
        foreach ($facts as $i => $fact) {
            foreach ($fact['ids'] as $k => $item) {
                if (!is_array($item)) {
                    continue; // "with N"
                }
                [$kind, $id] = $item;
                $p = &$ids[$id];
                $p ??= ['open' => [], 'last' => null, 'callAt' => null, 'resultAt' => null, 'answered' => null];
                if ($kind === 'result') {
                    if ($p['resultAt'] !== $i) {
                        $p['answered'] = array_pop($p['open']) ?? ($p['last'] ??= $n++);
                        $p['resultAt'] = $i;
                    }
                    $pair = $p['answered'];
                } elseif ($p['last'] !== null && ($kind === 'any' || $p['callAt'] === $i)) {
                    $pair = $p['last'];
                } else {
                    $p['open'][] = $p['last'] = $pair = $n++;
                    $p['callAt'] = $i;
                }
                unset($p);
                $facts[$i]['ids'][$k] = "pair $pair";
            }
        }
        return $facts;
    }

    /**
     * Per message: the pairs of Part 6 "What counts" beyond Part 4's calls
     * and results ([call or result, id], "with N": the message at N).
     */
    private function providerPairs(array $messages): array
    {
        $pairs = array_fill(0, count($messages), []);
        $string = static fn (mixed $m, string $key): ?string => is_array($m) && is_string($m[$key] ?? null) ? $m[$key] : null;
        $turn = null;
        $asked = [];
        foreach ($messages as $i => $m) {
            $role = $string($m, 'role');
            $type = $string($m, 'type');
            if ($this->format === 'openai-responses') {
                $id = $string($m, 'call_id') ?? match ($type) {
                    'local_shell_call_output', 'mcp_approval_request' => $string($m, 'id'),
                    'mcp_approval_response' => $string($m, 'approval_request_id'),
                    default => null,
                };
                if ($id !== null) {
                    // an output or an approval answers, any other item asks
                    $answers = $type === 'mcp_approval_response' || str_ends_with($type ?? '', '_output');
                    $pairs[$i][] = [$answers ? 'result' : 'call', $id];
                }
                $client = $role !== null ? $role !== 'assistant'
                    : $type !== null && ($type === 'mcp_approval_response' || str_ends_with($type, '_call_output'));
                if ($client) {
                    $turn = null;
                    continue;
                }
                $turn ??= $type === 'reasoning' ? $i : null;
                if ($turn !== null) {
                    $pairs[$i][] = "with $turn";
                    $pairs[$turn][] = "with $turn";
                }
                continue;
            }
            if (!in_array($this->format, ['openai', 'adachsoft'], true)) {
                continue;
            }
            if ($role === 'function') {
                if ($asked !== []) {
                    $from = array_pop($asked);
                    array_push($pairs[$from], "with $from");
                    $pairs[$i][] = "with $from";
                }
            } elseif ($role === 'assistant' && is_array($m['function_call'] ?? null)) {
                $asked[] = $i;
            }
            if ($this->format === 'openai' && $role === 'assistant' && is_array($m['tool_calls'] ?? null)) {
                foreach ($m['tool_calls'] as $call) {
                    if (($id = $string($call, 'id')) !== null) {
                        $pairs[$i][] = ['call', $id];
                    }
                }
            }
        }
        return $pairs;
    }

    /** The message summarize makes of $dropped, or null when it fails. */
    /** The summary message, or null; $error: what summarize threw (class and message), or null. */
    private function summary(array $dropped, ?array &$error): ?array
    {
        $error = null;
        try {
            $returned = ($this->p['summarize'])($dropped);
        } catch (\Throwable $e) {
            $error = ['class' => $e::class, 'message' => $e->getMessage()];
            return null;
        }
        if (is_string($returned)) {
            $text = '[tool_compaction] Summary of ' . count($dropped) . " earlier messages:\n" . $returned;
            return match ($this->format) {
                'adachsoft' => ['role' => 'user', 'content' => $text, 'toolCalls' => [], 'toolResults' => []],
                'openai-responses' => ['type' => 'message', 'role' => 'user', 'content' => $text],
                'gemini' => ['role' => 'user', 'parts' => [['text' => $text]]],
                default => ['role' => 'user', 'content' => $text],
            };
        }
        if (is_array($returned)) {
            $told = format_told_by($returned);
            return $told === null || $told === $this->format ? $returned : null;
        }
        return null;
    }
}
