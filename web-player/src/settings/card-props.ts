import type { ProtectionView } from './protection';

export type CardProps = { view: ProtectionView; onSaved: (v: ProtectionView) => void };
