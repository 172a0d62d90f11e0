/**
 * How the benchmarks start their child processes: through tsx, and with BENCH_CPU_PROF=<dir>
 * each child writes a V8 CPU profile there when it stops.
 */
export function childExecArgv(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return ['--import', 'tsx', ...(dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [])];
}
