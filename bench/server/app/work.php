<?php
/*
 * What the two endpoints do, shared with prepare.php (which runs it with the
 * userland reference to get the digests the endpoints must return).
 * $compact compacts one history with default parameters. Each returns
 * [digest, mean ns per compaction, compactions]: the digest is the sha256
 * of json_encode() of the (last) output; the time is measured around the
 * compaction calls only (hrtime).
 */
declare(strict_types=1);

/** Endpoint A: one compaction of the whole transcript. */
function work_compact_once(array $data, callable $compact): array
{
    $history = $data['history'];
    $t = hrtime(true);
    $out = $compact($history);
    $ns = hrtime(true) - $t;
    return [hash('sha256', json_encode($out, JSON_THROW_ON_ERROR)), $ns, 1];
}

/**
 * Endpoint B: an agent loop in one request. The history grows by a turn
 * and is compacted after every turn, as an agent does before each LLM
 * call; the agent keeps its own history and sends the compacted copy.
 */
function work_agent_loop(array $data, callable $compact): array
{
    $history = $data['prefix'];
    $ns = 0;
    $out = [];
    foreach ($data['turns'] as $turn) {
        foreach ($turn as $message) {
            $history[] = $message;
        }
        $t = hrtime(true);
        $out = $compact($history);
        $ns += hrtime(true) - $t;
    }
    $n = count($data['turns']);
    return [hash('sha256', json_encode($out, JSON_THROW_ON_ERROR)), intdiv($ns, max(1, $n)), $n];
}

/**
 * The request: runs $work (work_compact_once or work_agent_loop) on the
 * data file named by the pool's env[TC_DATA], with the extension or, for
 * ?impl=user, the userland reference; answers the digest as the body and
 * the mean ns per compaction in the header X-Compact-Ns.
 */
function work_serve(callable $work): void
{
    $data = require getenv('TC_DATA');
    if (($_GET['impl'] ?? 'ext') === 'user') {
        require_once __DIR__ . '/../../../tests/lib/reference.php';
        $compact = fn (array $history): array => \ToolCompact\Tests\reference_compact($history);
    } else {
        $compact = fn (array $history): array => toolcompact_compact($history);
    }
    [$digest, $ns, $n] = $work($data, $compact);
    header('Content-Type: text/plain');
    header("X-Compact-Ns: $ns");
    header("X-Compactions: $n");
    echo $digest;
}
