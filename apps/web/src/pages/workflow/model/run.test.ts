import { describe, expect, it } from 'vitest';
import { withMindMap } from './graph';
import { ensureResultNode } from './graph';
import { cloudOnlyRefusal, planRun, renderIds, RUN_MESSAGES, runInParallel, storeRenders } from './run';
import { documentOf, node } from './test-support';

const photo = '/api/media/uploads/photo.jpg';
const watercolor = { id: 'watercolor', name: 'Aquarelle' };
const goldenHour = { id: 'golden-hour', name: 'Heure dorée' };

/** A mind-mapped workflow: everything wired to the render node. */
const workflow = (...nodes: ReturnType<typeof node>[]) => withMindMap(documentOf([node('render', 'r'), ...nodes]));

function refusal(document: ReturnType<typeof workflow>) {
  const planned = planRun(document);
  return planned.ok ? null : planned.error;
}

describe('planRun', () => {
  it('sends the source photo, the enabled options as a prompt and their average intensity', () => {
    const planned = planRun(
      workflow(
        node('source', 's', { image: photo }),
        node('style', 'st', { option: watercolor, intensity: 0.7 }),
        node('lighting', 'l', { option: goldenHour }),
        node('action', 'empty'),
      ),
    );
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.plan).toMatchObject({
      renderNodeId: 'r',
      image: photo,
      imageNodeId: 's',
      intensity: 0.85,
      transformationNodeIds: ['st', 'l'],
    });
    expect(planned.plan.selection).toEqual({ style: watercolor, lighting: goldenHour });
    expect(planned.plan.prompt).toMatch(/^\(.+:0\.7\), .+, 4K quality, professional photography$/);
  });

  it('skips a disabled node: its option is not in the prompt', () => {
    const planned = planRun(
      workflow(
        node('source', 's', { image: photo }),
        node('style', 'st', { option: watercolor, isEnabled: false }),
        node('lighting', 'l', { option: goldenHour }),
      ),
    );
    expect(planned.ok && planned.plan.transformationNodeIds).toEqual(['l']);
    const withStyle = planRun(
      workflow(node('source', 's', { image: photo }), node('style', 'st', { option: watercolor })),
    );
    const styleFragment = withStyle.ok ? withStyle.plan.prompt.split(', ')[0]! : '';
    expect(planned.ok && planned.plan.prompt).not.toContain(styleFragment);
  });

  it('prefers an active COMBINE node feeding the render node', () => {
    const planned = planRun(
      workflow(
        node('source', 's', { image: photo }),
        node('combine', 'c', { combinedImage: '/api/media/composites/c.jpg' }),
        node('style', 'st', { option: watercolor }),
      ),
    );
    expect(planned.ok && planned.plan).toMatchObject({ image: '/api/media/composites/c.jpg', imageNodeId: 'c' });
  });

  it('uses the reference composite of the source when there is one', () => {
    const planned = planRun(
      workflow(
        node('source', 's', { image: photo, compositeImage: '/api/media/composites/ref.jpg' }),
        node('style', 'st', { option: watercolor }),
      ),
    );
    expect(planned.ok && planned.plan.image).toBe('/api/media/composites/ref.jpg');
  });

  it('gives every message of the spec', () => {
    const style = () => node('style', 'st', { option: watercolor });
    expect(refusal(documentOf([node('source', 's', { image: photo }), style()]))).toBe(RUN_MESSAGES.noRenderNode);
    expect(refusal(workflow(style()))).toBe(RUN_MESSAGES.noSource);
    expect(refusal(workflow(node('source', 's', { image: photo, isEnabled: false }), style()))).toBe(
      RUN_MESSAGES.sourceDisabled,
    );
    expect(refusal(workflow(node('source', 's'), style()))).toBe(RUN_MESSAGES.noSourceImage);
    expect(refusal(workflow(node('source', 's', { image: photo }), node('style', 'st')))).toBe(
      RUN_MESSAGES.noTransformation,
    );
    expect(
      refusal(
        workflow(node('source', 's', { image: photo }), node('style', 'st', { option: watercolor, isEnabled: false })),
      ),
    ).toBe(RUN_MESSAGES.noTransformation);

    const combineWith = (inputs: number) =>
      withMindMap(
        documentOf(
          [
            node('render', 'r'),
            node('combine', 'c'),
            style(),
            ...Array.from({ length: inputs }, (_, index) =>
              node('source', `s${index}`, { image: `/api/media/uploads/${index}.jpg` }),
            ),
          ],
          Array.from({ length: inputs }, (_, index): [string, string] => [`s${index}`, 'c']),
        ),
      );
    expect(refusal(combineWith(1))).toBe(RUN_MESSAGES.combineNeedsTwo);
    expect(refusal(combineWith(2))).toBe(RUN_MESSAGES.combineFirst);
    expect(RUN_MESSAGES).toMatchObject({
      noSource: 'Veuillez ajouter une image source ou connecter un nœud COMBINE',
      sourceDisabled: "Le nœud source est désactivé. Veuillez l'activer ou connecter un nœud COMBINE actif.",
      noSourceImage: 'Aucune image source disponible',
      combineFirst: "Veuillez combiner les images dans le nœud COMBINE avant d'exécuter le workflow",
      noTransformation: 'Veuillez configurer au moins un node de transformation',
      combineNeedsTwo: 'Connectez au moins 2 images au nœud COMBINE pour les fusionner',
    });
  });

  it('ignores nodes that do not reach the render node when mind-map mode is off', () => {
    const document = documentOf(
      [node('render', 'r'), node('source', 's', { image: photo }), node('style', 'st', { option: watercolor })],
      [['s', 'r']],
      { mindMap: false },
    );
    expect(refusal(document)).toBe(RUN_MESSAGES.noTransformation);
  });
});

describe('cloudOnlyRefusal', () => {
  const plan = (document: ReturnType<typeof workflow>) => {
    const planned = planRun(document);
    if (!planned.ok) throw new Error(planned.error);
    return planned.plan;
  };

  it('names every option of the run that only the cloud engine renders, once, and says nothing is charged', () => {
    const document = workflow(
      node('source', 's', { image: photo }),
      node('style', 'st', { option: watercolor }),
      node('camera', 'c1', { option: { id: 'profile', name: 'Profil' } }),
      node('camera', 'c2', { option: { id: 'profile', name: 'Profil' } }),
      node('lighting', 'l', { option: { id: 'aurora', name: 'Aurore boréale' } }),
    );
    expect(cloudOnlyRefusal(document, plan(document))).toBe(
      "Les options « Profil », « Aurore boréale » sont disponibles avec le moteur cloud uniquement : le moteur local de ce service ne sait pas les rendre fidèlement. Retirez-les pour lancer la transformation. Aucun crédit n'a été débité.",
    );
  });

  it('lets a run through when its cloud-only node is disabled or none is used', () => {
    const document = workflow(
      node('source', 's', { image: photo }),
      node('style', 'st', { option: watercolor }),
      node('camera', 'c', { option: { id: 'profile', name: 'Profil' }, isEnabled: false }),
    );
    expect(cloudOnlyRefusal(document, plan(document))).toBeUndefined();
  });
});

describe('a run', () => {
  it('names each render after the result node and its index', () => {
    expect(renderIds('out', 3)).toEqual(['out-0', 'out-1', 'out-2']);
  });

  it('keeps the renders that succeeded, in order, and counts the failures', async () => {
    const outcome = await runInParallel(renderIds('out', 4), async (id) => {
      if (id === 'out-1') throw new Error('boom');
      return `/api/media/results/${id}.jpg`;
    });
    expect(outcome.images).toEqual([
      '/api/media/results/out-0.jpg',
      '/api/media/results/out-2.jpg',
      '/api/media/results/out-3.jpg',
    ]);
    expect(outcome.failures).toHaveLength(1);
  });

  it('stores every render on the result node, the first shown, and expands it', () => {
    const document = workflow(node('source', 's', { image: photo }), node('style', 'st', { option: watercolor }));
    const planned = planRun(document);
    if (!planned.ok) throw new Error(planned.error);
    const { document: prepared, resultId } = ensureResultNode(document, planned.plan.renderNodeId, 'out');
    const stored = storeRenders(prepared, resultId, ['/a.jpg', '/b.jpg'], planned.plan);
    expect(stored.nodes.find((each) => each.id === 'out')).toMatchObject({
      images: ['/a.jpg', '/b.jpg'],
      activeImageIndex: 0,
      image: photo,
      isExpanded: true,
    });
    expect(storeRenders(prepared, resultId, [], planned.plan)).toBe(prepared);
  });
});
