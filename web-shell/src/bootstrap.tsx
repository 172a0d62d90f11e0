import { loadDeployment, startRealtime, startSession, startWallet } from '@bet/web-shell/core';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

// the currency every amount is shown in (and the sandbox banner): asked before anything renders
void loadDeployment();
startSession();
startRealtime();
startWallet();

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
