import { readFileSync } from 'node:fs';

const USER_HZ = 100; // clock ticks per second in /proc on Linux

/** A process's name and the CPU seconds (user + system) it has used, from /proc; null once it is gone. */
export function processCpu(pid: number): { comm: string; cpu: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      cpu: (Number(f[11]) + Number(f[12])) / USER_HZ,
    };
  } catch {
    return null;
  }
}
