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
    expect(parseDocumentFile('[]')).toEqual({ ok: false, error: 'Ce fichier ne contient pas un workflow Atelier valide : donnée manquante ou invalide.' });
    const badType = JSON.stringify({ version: 1, nodes: [{ id: 'a', type: 'teleporter', name: 'a', x: 0, y: 0 }], connections: [] });
    expect(parseDocumentFile(badType)).toEqual({ ok: false, error: 'Ce fichier ne contient pas un workflow Atelier valide : Type de nœud inconnu (nodes.0.type).' });
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
