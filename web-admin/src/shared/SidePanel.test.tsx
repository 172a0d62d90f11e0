import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidePanel } from './SidePanel';

afterEach(cleanup);

describe('SidePanel', () => {
  it('is a labelled region that takes the focus, and Close closes it', () => {
    const onClose = vi.fn();
    render(
      <SidePanel label="Risk details" onClose={onClose}>
        <p>inside</p>
      </SidePanel>,
    );
    const panel = screen.getByRole('complementary', { name: 'Risk details' });
    expect(document.activeElement).toBe(panel);
    fireEvent.click(screen.getByRole('button', { name: 'Close risk details' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape, unless a dialog is open over it', () => {
    const onClose = vi.fn();
    render(
      <SidePanel label="Risk details" onClose={onClose}>
        <div role="dialog" aria-modal="true" aria-label="AI Risk Summary" />
      </SidePanel>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    cleanup();
    render(
      <SidePanel label="Risk details" onClose={onClose}>
        <p>inside</p>
      </SidePanel>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
