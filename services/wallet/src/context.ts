import type { ServiceContext } from '@bet/kit';
import type { WalletConfig } from './config';
import type { WalletDB } from './db/schema';

export type WalletContext = ServiceContext<WalletDB, WalletConfig>;
