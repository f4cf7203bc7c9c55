import { readFile } from 'node:fs/promises';
import type { FeedPost } from '@atelier/api';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { untrusted, type CallerFactory } from './rest/call';

/** The public page of a published image or video: the web app shows it, crawlers read its tags. */
export const SHARE_PAGE_PREFIX = '/p/';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const authorOf = (post: FeedPost) => `${post.user.firstName} ${post.user.lastName}`.trim();

export function shareTitle(post: FeedPost): string {
  const what = post.mediaType === 'video' ? 'Vidéo' : 'Création';
  return post.description?.trim() || `${what} de ${authorOf(post)}`;
}

/**
 * The OpenGraph and Twitter card tags of a post, with the page's title and description, written
 * into the web app's index.html by the server: link previews come from crawlers that run no script.
 */
export function withShareTags(html: string, post: FeedPost, origin: string): string {
  const absolute = (path: string) => new URL(path, origin).href;
  const pageUrl = absolute(`${SHARE_PAGE_PREFIX}${post.id}`);
  const title = `${shareTitle(post)} — Atelier`;
  const description = `${post.mediaType === 'video' ? 'Une vidéo' : 'Une photo'} de ${authorOf(post)}, transformée sur Atelier.`;
  const image = absolute(post.transformedImagePath);
  const video = post.mediaType === 'video' && post.videoUrl ? absolute(post.videoUrl) : null;
  const tags: [string, string, string][] = [
    ['property', 'og:site_name', 'Atelier'],
    ['property', 'og:locale', 'fr_FR'],
    ['property', 'og:type', video ? 'video.other' : 'article'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', shareTitle(post)],
    ...(video
      ? ([
          ['property', 'og:video', video],
          ['property', 'og:video:type', 'video/mp4'],
          ['name', 'twitter:card', 'player'],
          ['name', 'twitter:player', pageUrl],
          ['name', 'twitter:player:width', '1280'],
          ['name', 'twitter:player:height', '720'],
          ['name', 'twitter:player:stream', video],
          ['name', 'twitter:player:stream:content_type', 'video/mp4'],
        ] as [string, string, string][])
      : ([['name', 'twitter:card', 'summary_large_image']] as [string, string, string][])),
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  const head = [
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    ...tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', `  ${head}\n  </head>`);
}

function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/** `/p/{id}`: index.html with the post's tags; a post that is not public gets the page as a 404. */
export function registerSharePage(
  app: FastifyInstance,
  callerFor: CallerFactory,
  indexFile: string,
  publicUrl: string | undefined,
): void {
  app.get(`${SHARE_PAGE_PREFIX}:postId`, async (request, reply) => {
    const caller = await callerFor(request, reply);
    const post = await caller.feed
      .post({ postId: untrusted((request.params as { postId: string }).postId) })
      .catch((error: unknown) => {
        if (error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) return null;
        throw error;
      });
    const html = await readFile(indexFile, 'utf8');
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return post ? reply.send(withShareTags(html, post, originOf(request, publicUrl))) : reply.code(404).send(html);
  });
}
