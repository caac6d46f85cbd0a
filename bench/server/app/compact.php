<?php
// Endpoint A: compacts the transcript once (?impl=user: with the userland reference).
require __DIR__ . '/work.php';
work_serve('work_compact_once');
