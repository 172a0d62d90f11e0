// The player's Aviator preferences on this device: sound effects and the flight animation.
import { useCallback, useState } from 'react';

export interface AviatorSettings {
  sound: boolean;
  animation: boolean;
}

const KEY = 'aviator.settings';

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

export function readSettings(): AviatorSettings {
  const fallback = { sound: false, animation: !reducedMotion() };
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    return saved && typeof saved === 'object' ? { ...fallback, ...saved } : fallback;
  } catch {
    return fallback;
  }
}

export function useAviatorSettings() {
  const [settings, setSettings] = useState<AviatorSettings>(readSettings);
  const change = useCallback((patch: Partial<AviatorSettings>) => {
    setSettings((s) => {
      const next = { ...s, ...patch };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // private mode: the setting lasts for this page only
      }
      return next;
    });
  }, []);
  return [settings, change] as const;
}

let audio: AudioContext | null = null;

/** A short tone (lift-off, cash-out, crash); silent where the browser has no Web Audio. */
export function beep(kind: 'lift-off' | 'cash-out' | 'crash') {
  try {
    const Ctx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = kind === 'cash-out' ? 880 : kind === 'lift-off' ? 520 : 180;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    // sound is a nicety
  }
}

/** A phone-sized screen: dialogs open as bottom sheets there, centred elsewhere. */
export function isPhone(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(max-width: 560px)').matches;
}
