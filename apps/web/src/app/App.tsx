// The DOM build of the provider: it lets the router flush updates synchronously with react-dom.
import { RouterProvider } from 'react-router/dom';
import { Providers } from './Providers';
import { router } from './routes';

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
