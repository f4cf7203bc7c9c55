import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { MediaStorage, RenderStore } from '@atelier/media';

export const noSpaceLeft = () =>
  Promise.reject(
    Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    }),
  );

/** A disk with no space left (once `full`): reads work, every write fails as the file system says ENOSPC. */
export class FullDisk implements MediaStorage {
  full = true;
  constructor(private readonly disk: MediaStorage) {}
  put(...args: Parameters<MediaStorage['put']>): Promise<string> {
    return this.full ? noSpaceLeft() : this.disk.put(...args);
  }
  get = (key: string) => this.disk.get(key);
  stat = (key: string) => this.disk.stat(key);
  servable = (key: string) => this.disk.servable(key);
  delete = (key: string) => this.disk.delete(key);
}

/** Renders on a disk with no space left (once `full`): those kept are read, no new one is kept. */
export class FullRenderStore implements RenderStore {
  full = true;
  constructor(private readonly store: RenderStore) {}
  write(...args: Parameters<RenderStore['write']>): Promise<void> {
    return this.full ? noSpaceLeft() : this.store.write(...args);
  }
  read = (name: string) => this.store.read(name);
  remove = (name: string) => this.store.remove(name);
  keepOnly = (version: string) => this.store.keepOnly(version);
  removeFolder = (folder: string) => this.store.removeFolder(folder);
}

/**
 * A TCP relay to the database (or Redis) that can be cut (as a database that went away) and restored, or
 * frozen (as a server that stopped answering: connections open, nothing comes back) and thawed.
 */
export class DatabaseRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly links = new Set<[Socket, Socket]>();
  private frozen = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      const link: [Socket, Socket] = [client, upstream];
      this.links.add(link);
      for (const socket of link) {
        this.sockets.add(socket);
        socket.on('close', () => {
          this.sockets.delete(socket);
          this.links.delete(link);
        });
        socket.on('error', () => socket.destroy());
      }
      if (this.frozen) for (const socket of link) socket.pause();
      else DatabaseRelay.forward(link);
    }).listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
    this.port = (this.server.address() as { port: number }).port;
  }

  private static forward([client, upstream]: [Socket, Socket]): void {
    client.pipe(upstream).pipe(client);
  }

  /** Nothing passes either way until thaw: every byte waits in the relay. */
  freeze(): void {
    this.frozen = true;
    for (const [client, upstream] of this.links) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  thaw(): void {
    this.frozen = false;
    for (const link of this.links) DatabaseRelay.forward(link);
  }

  /** Refuses new connections and drops the open ones. */
  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
