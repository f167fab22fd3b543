import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { i18nReady } from './lib/i18n';
import { App } from './app/app';

const root = createRoot(document.getElementById('root')!);

// Rendering waits for the visitor's language (instant for English, one small chunk for
// Bulgarian), and happens even if that chunk failed: English is the fallback.
void i18nReady.finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
