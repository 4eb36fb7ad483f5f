// The browser entry: mounts the app from @dq/web-app on the API same-origin.
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createWebApi } from '@dq/web-app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App api={createWebApi()} />
  </StrictMode>,
);
