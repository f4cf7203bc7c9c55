import { describe, expect, it } from 'vitest';
import { defaultLayout } from './graph';
import { exportFileName, freeName, nameFromFileName, parseDocumentFile, serializeDocument } from './document-file';
import { idSequence } from './test-support';

describe('workflow files', () => {
  it('reads back what it exports', () => {
    const document = defaultLayout('/api/media/uploads/photo.jpg', idSequence());
    expect(parseDocumentFile(serializeDocument(document))).toEqual({ ok: true, plan: document });
  });

  it('refuses what is not JSON, or not a workflow, in French', () => {
    expect(parseDocumentFile('{oops')).toEqual({ ok: false, error: "Ce fichier n'est pas un fichier JSON valide." });
    expect(parseDocumentFile('[]')).toEqual({
      ok: false,
      error: 'Ce fichier ne contient pas un workflow Atelier valide : donnée manquante ou invalide.',
    });
    const badType = JSON.stringify({
      version: 1,
      nodes: [{ id: 'a', type: 'teleporter', name: 'a', x: 0, y: 0 }],
      connections: [],
    });
    expect(parseDocumentFile(badType)).toEqual({
      ok: false,
      error: 'Ce fichier ne contient pas un workflow Atelier valide : Type de nœud inconnu (nodes.0.type).',
    });
  });

  it('refuses a workflow larger than the server keeps, before anything is replaced', () => {
    const document = defaultLayout('/api/media/uploads/photo.jpg', idSequence());
    const style = document.nodes.find((node) => node.type === 'style')!;
    // 150 nodes of 4000 characters each: within the schema's limits, over the stored size.
    const nodes = Array.from({ length: 150 }, (_, index) => ({
      ...style,
      id: `n${index}`,
      transformation: 'x'.repeat(4000),
    }));
    const many = { ...document, nodes, connections: [] };
    expect(parseDocumentFile(JSON.stringify(many))).toEqual({
      ok: false,
      error: 'Ce workflow est trop volumineux (512 ko au maximum) : retirez des nœuds ou raccourcissez leurs textes.',
    });
  });

  it('names files after the workflow and workflows after files', () => {
    expect(exportFileName('Été à Paris !')).toBe('ete-a-paris.workflow.json');
    expect(exportFileName('***')).toBe('workflow.workflow.json');
    expect(nameFromFileName('ete-a-paris.workflow.json')).toBe('ete a paris');
  });

  it('finds a free name', () => {
    expect(freeName('Mon workflow', [])).toBe('Mon workflow');
    expect(freeName('Mon workflow', ['mon workflow', 'Mon workflow (2)'])).toBe('Mon workflow (3)');
  });
});
