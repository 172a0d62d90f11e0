import { create } from 'zustand';

/**
 * What the phone's bottom tab bar (a shell part) shows of a remote's state: the bet slip's
 * count, and how to open the slip where a page has one. The player remote writes it.
 */
export interface DockState {
  slipCount: number;
  /** set while a page with the bet slip is mounted */
  openSlip: (() => void) | null;
}

export const useDock = create<DockState>(() => ({ slipCount: 0, openSlip: null }));
