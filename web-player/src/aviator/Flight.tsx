// The flight: a canvas redrawn every animation frame from the server's clock (no drift), the
// curve m(t) = e^(0.00006·t) and the plane at its tip while running, the crash point after.
import { useEffect, useRef } from 'react';
import { type AviatorView, floor2, liveMultiplier, multiplierAfter } from './feed';

export function Flight({
  view,
  serverNow,
  animate = true,
}: {
  view: AviatorView;
  serverNow: () => number;
  /** false (the player's setting, or reduced motion): the multiplier only, no curve or plane */
  animate?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const label = useRef<HTMLOutputElement>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const animateRef = useRef(animate);
  animateRef.current = animate;

  useEffect(() => {
    let frame = 0;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const c = canvas.current;
      const v = viewRef.current;
      if (!c) return;
      const dpr = window.devicePixelRatio || 1;
      const w = c.clientWidth;
      const h = c.clientHeight;
      if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
        c.width = Math.round(w * dpr);
        c.height = Math.round(h * dpr);
      }
      const g = c.getContext('2d');
      if (!g) return;
      g.setTransform(dpr, 0, 0, dpr, 0, 0);
      g.clearRect(0, 0, w, h);
      const now = serverNow();
      const m = liveMultiplier(v, now);
      if (label.current) {
        label.current.textContent =
          v.state === 'betting' && v.bettingEndsAt
            ? `${Math.max(0, (Date.parse(v.bettingEndsAt) - now) / 1000).toFixed(1)}s`
            : `${m.toFixed(2)}x`;
      }
      const flying = v.state === 'running' || v.state === 'crashed';
      if (!flying || !v.startedAt || !animateRef.current) return;
      const started = Date.parse(v.startedAt);
      // the flight time to show: until now, or until the crash point
      const tEnd =
        v.state === 'running'
          ? Math.max(0, now - started)
          : Math.log(Math.max(1, v.crashPoint ?? v.multiplier)) / 0.00006;
      const tMax = Math.max(8000, tEnd * 1.15);
      const mMax = Math.max(2, multiplierAfter(tEnd) * 1.2);
      const pad = 24;
      const x = (t: number) => pad + (t / tMax) * (w - 2 * pad);
      const y = (mm: number) => h - pad - ((mm - 1) / (mMax - 1)) * (h - 2 * pad);
      const crashed = v.state === 'crashed';
      // area and curve
      g.beginPath();
      g.moveTo(x(0), y(1));
      const steps = 80;
      for (let i = 1; i <= steps; i++) {
        const t = (tEnd * i) / steps;
        g.lineTo(x(t), y(multiplierAfter(t)));
      }
      g.lineWidth = 4;
      g.strokeStyle = crashed ? '#9ca3af' : '#e11d48';
      g.stroke();
      g.lineTo(x(tEnd), y(1));
      g.closePath();
      g.fillStyle = crashed ? 'rgba(156,163,175,0.15)' : 'rgba(225,29,72,0.18)';
      g.fill();
      if (!crashed) {
        // the plane at the tip, nose along the curve
        const px = x(tEnd);
        const py = y(multiplierAfter(tEnd));
        const slope = y(multiplierAfter(tEnd)) - y(multiplierAfter(Math.max(0, tEnd - 200)));
        const dx = x(tEnd) - x(Math.max(0, tEnd - 200));
        g.save();
        g.translate(px, py);
        g.rotate(Math.atan2(slope, dx || 1));
        g.font = '34px system-ui, sans-serif';
        g.fillStyle = '#f43f5e';
        g.textAlign = 'center';
        g.textBaseline = 'middle';
        g.fillText('✈', 0, 0);
        g.restore();
      }
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [serverNow]);

  const m = liveMultiplier(view, serverNow());
  return (
    <div className={`flight flight--${view.state}`}>
      <canvas ref={canvas} className="flight__canvas" />
      <div className="flight__overlay">
        {view.state === 'running' && (
          <span
            className="visually-hidden"
            role="img"
            aria-label="Plane in flight"
            data-testid="aviator-plane"
          >
            ✈
          </span>
        )}
        <output
          ref={label}
          className={`flight__multiplier${view.state === 'crashed' ? ' flight__multiplier--crashed' : ''}`}
          aria-live="off"
          data-testid="aviator-multiplier"
        >
          {view.state === 'betting' ? '' : `${floor2(m).toFixed(2)}x`}
        </output>
        <p className="flight__caption" data-testid="aviator-state">
          {view.state === 'betting' && 'Place your bets: the plane takes off soon'}
          {view.state === 'running' && 'In flight'}
          {view.state === 'crashed' && `Flew away at ${(view.crashPoint ?? view.multiplier).toFixed(2)}x`}
          {view.state === 'waiting' && 'Waiting for the next round'}
        </p>
      </div>
    </div>
  );
}
