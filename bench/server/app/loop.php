<?php
// Endpoint B: a 30-turn agent loop, compacting after every turn (?impl=user: with the userland reference).
require __DIR__ . '/work.php';
work_serve('work_agent_loop');
