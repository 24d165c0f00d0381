// Loaded into the server by scripts/bench-memory.mjs (`node --expose-gc --import <this>`): on SIGUSR2 it collects
// the garbage twice and writes the live heap to HEAP_PROBE_FILE, and a heap snapshot beside it when
// HEAP_PROBE_SNAPSHOTS names a folder. With HEAP_PROBE_LOG (a file; e.g. an e2e run's shops through NODE_OPTIONS)
// it appends the heap left after each full collection V8 makes by itself, so nothing is collected for it.
// Nothing of the server's own changes, so any commit can be measured alike.
import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

const out = process.env.HEAP_PROBE_FILE;
let taken = 0;
if (out && typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    const snapshot = process.env.HEAP_PROBE_SNAPSHOTS ? v8.writeHeapSnapshot(path.join(process.env.HEAP_PROBE_SNAPSHOTS, `${++taken}.heapsnapshot`)) : undefined;
    writeFileSync(out, JSON.stringify({ heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss, snapshot }));
  });
}

const logFile = process.env.HEAP_PROBE_LOG;
if (logFile && process.argv[1]?.endsWith('main.ts')) {
  const started = Date.now();
  new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) return;
    const heap = v8.getHeapStatistics();
    appendFileSync(logFile, `${process.pid} ${Math.round((Date.now() - started) / 1000)}s used ${(heap.used_heap_size / 1e6).toFixed(1)} MB limit ${(heap.heap_size_limit / 1e6).toFixed(0)} MB\n`);
  }).observe({ entryTypes: ['gc'] });
}
