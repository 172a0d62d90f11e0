import { startRealtime, startSession, startWallet } from '@bet/web-shell/core';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

startSession();
startRealtime();
startWallet();

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
