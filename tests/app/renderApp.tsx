/** The full app on a memory location, as the app's tests render it. */
import { render } from '@testing-library/react';
import App from '../../src/app/App';
import { createMemoryLocation, createRuntime, type Runtime } from '../../src/core';
import { RuntimeProvider } from '../../src/runtime';
import { LocationProvider } from '../../src/runtime/router';

/**
 * @example const { location } = renderApp('/calendar'); // signed out, API unreachable
 */
export function renderApp(path: string, runtime: Runtime = createRuntime({ storage: null, apiBase: 'http://127.0.0.1:9' })) {
  const location = createMemoryLocation(path);
  render(
    <RuntimeProvider runtime={runtime}>
      <LocationProvider source={location}>
        <App />
      </LocationProvider>
    </RuntimeProvider>,
  );
  return { runtime, location };
}
