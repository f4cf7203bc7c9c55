// The JavaScript each route of the signed-in app fetches before it runs, gzipped: the app shell,
// the data layout (tRPC, React Query, toasts) and the route's own chunks. The studio and the
// workflow editor must load on their routes only, so the other routes' sets are checked for them.
import { chunkNamed, hasBuild, kB, shellChunks, totalGzipped, withStaticImports } from './chunks';

if (!hasBuild()) {
  console.log('routes: no build found (apps/web/dist). Run `npm run build` first, then `npm run bench routes`.');
  process.exit(1);
}

const ROUTES = [
  { path: '/', page: 'HomePage' },
  { path: '/gallery', page: 'GalleryPage' },
  { path: '/create, /transform, /mobile-transform', page: 'StudioPage' },
  { path: '/workflow', page: 'WorkflowPage' },
  { path: '/checkout', page: 'CheckoutPage' },
];
const EDITOR_PAGES = new Set(['StudioPage', 'WorkflowPage']);

const shell = shellChunks();
const dataLayout = withStaticImports([chunkNamed('DataLayout')]);
const common = new Set([...shell, ...dataLayout]);
const ownChunks = (page: string) => [...withStaticImports([chunkNamed(page)])].filter((name) => !common.has(name));
// A route that statically reaches an editor's page chunk or React Flow would download the editor.
const editorCode = /^(StudioPage|WorkflowPage|xyflow|react-flow)/i;

console.log(
  `app shell ${kB(totalGzipped(shell))} + data layout ${kB(totalGzipped([...dataLayout].filter((name) => !shell.has(name))))} gzipped, loaded by every signed-in route`,
);
for (const { path, page } of ROUTES) {
  const own = ownChunks(page);
  const strays = EDITOR_PAGES.has(page) ? [] : own.filter((name) => editorCode.test(name));
  console.log(
    `${path}: ${kB(totalGzipped(common) + totalGzipped(own))} in all, of which the route's own ${kB(totalGzipped(own))} over ${own.length} files` +
      (strays.length ? ` — loads editor code: ${strays.join(', ')}` : ''),
  );
}
