import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '@web/api/query';
import { AppProviders } from '@web/app/providers';
import { App } from '@web/app/App';

const client = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders client={client}>
      <App />
    </AppProviders>
  </StrictMode>,
);
