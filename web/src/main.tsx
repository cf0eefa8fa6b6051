import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BootError } from './app/BootError';
import { loadWebConfig } from './modules/config/api/loadWebConfig';
import './index.css';

const root = createRoot(document.getElementById('root')!);

// `/config.json` first (DESIGN §1): nothing renders against an unknown API or user pool.
loadWebConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error(error);
    root.render(<BootError error={error} />);
  },
);
