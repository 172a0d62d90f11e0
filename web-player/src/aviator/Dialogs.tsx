import { formatMoney } from '@bet/web-shell/core';
import { Modal } from '../ui/Modal';
import type { AviatorSettings } from './settings';
import { isPhone } from './settings';

export interface Limits {
  minStake: number;
  maxStake: number;
  maxWin: number;
}

export function SettingsDialog({
  settings,
  onChange,
  onClose,
}: {
  settings: AviatorSettings;
  onChange: (patch: Partial<AviatorSettings>) => void;
  onClose: () => void;
}) {
  return (
    <Modal title="Game settings" onClose={onClose} sheet={isPhone()}>
      <div className="aviator-settings">
        <label>
          <input
            type="checkbox"
            checked={settings.sound}
            onChange={(e) => onChange({ sound: e.target.checked })}
          />{' '}
          Sound effects
        </label>
        <label>
          <input
            type="checkbox"
            checked={settings.animation}
            onChange={(e) => onChange({ animation: e.target.checked })}
          />{' '}
          Flight animation
        </label>
        <p className="muted">Saved on this device.</p>
      </div>
    </Modal>
  );
}

export function HowToPlay({ limits, onClose }: { limits: Limits | undefined; onClose: () => void }) {
  return (
    <Modal title="How to play" onClose={onClose} sheet={isPhone()}>
      <ol className="aviator-howto">
        <li>
          <strong>Bet.</strong> Enter a stake in one or both panels and press Place Bet while the round is
          open for betting. During a flight, Bet for Next Round places it on the next round; Cancel gives the
          stake back until that round takes off.
        </li>
        <li>
          <strong>Watch the plane.</strong> The multiplier climbs from 1.00x until the plane flies away at a
          crash point fixed before the round (see How it's fair).
        </li>
        <li>
          <strong>Cash out</strong> before it flies away: you win your stake times the multiplier at that
          moment. Set Auto cash-out to leave at a multiplier by itself, even with the page closed.
        </li>
      </ol>
      {limits && (
        <p>
          Stakes from {formatMoney(limits.minStake)} to {formatMoney(limits.maxStake)}; one bet wins at most{' '}
          {formatMoney(limits.maxWin)}.
        </p>
      )}
    </Modal>
  );
}
