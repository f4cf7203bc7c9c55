import type { WorkflowNode } from '@atelier/catalog';
import { Badge, Button, FileButton, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowsJoin, IconMaximize, IconPhotoPlus, IconPlayerPlay, IconUsersGroup } from '@tabler/icons-react';
import { FallbackImage } from '../../../components/FallbackImage';
import { useEditorActions } from '../editor-context';
import { upstreamNodeIds } from '../model/graph';
import { displayedOption, findNode, isOptionNodeType, nodeOutputImage } from '../model/nodes';
import { combineInputs, planRun } from '../model/run';
import { ImageDots } from './ImageDots';

function Picture({ src, alt, onOpen }: { src: string; alt: string; onOpen?: () => void }) {
  const picture = <FallbackImage src={src} alt={alt} className="workflow-node-picture" loading="eager" />;
  if (!onOpen) return picture;
  return (
    <button
      type="button"
      className="nodrag workflow-node-control"
      onClick={onOpen}
      aria-label={`Agrandir : ${alt}`}
      style={{ all: 'unset', flex: 1, minHeight: 0, display: 'flex', cursor: 'zoom-in' }}
    >
      {picture}
    </button>
  );
}

function Placeholder({ children }: { children: string }) {
  return (
    <Text
      fz={12}
      c="dimmed"
      ta="center"
      style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      {children}
    </Text>
  );
}

export function SourceBody({ node }: { node: WorkflowNode }) {
  const actions = useEditorActions();
  const references = Object.keys(actions.document.referenceImages).length;
  const picture = node.compositeImage ?? node.image;
  const replace = (
    <FileButton accept="image/*" onChange={(file) => file && actions.replacePhoto(node.id, file)}>
      {(props) => (
        <Button
          {...props}
          className="nodrag workflow-node-control"
          variant="light"
          size="xs"
          radius="xl"
          leftSection={<IconPhotoPlus size={14} aria-hidden />}
        >
          {node.image ? 'Remplacer la photo' : 'Ajouter une photo'}
        </Button>
      )}
    </FileButton>
  );
  if (!node.isExpanded)
    return picture ? <Picture src={picture} alt="Photo source" /> : <Placeholder>Aucune photo</Placeholder>;
  return (
    <>
      {picture ? (
        <Picture src={picture} alt="Photo source" onOpen={() => actions.viewImage(node.id)} />
      ) : (
        <Placeholder>Aucune photo : ajoutez-en une.</Placeholder>
      )}
      {node.compositeImage && (
        <Badge variant="light" color="violet" style={{ alignSelf: 'flex-start' }}>
          Avec {references} image{references > 1 ? 's' : ''} de référence
        </Badge>
      )}
      <Group gap="xs">
        {replace}
        <Button
          className="nodrag workflow-node-control"
          variant="light"
          color="grape"
          size="xs"
          radius="xl"
          leftSection={<IconUsersGroup size={14} aria-hidden />}
          onClick={actions.openReferences}
        >
          Images de Référence
        </Button>
      </Group>
    </>
  );
}

export function CombineBody({ node }: { node: WorkflowNode }) {
  const actions = useEditorActions();
  const inputs = combineInputs(actions.document, node.id);
  const count = `${inputs.length} image${inputs.length > 1 ? 's' : ''} connectée${inputs.length > 1 ? 's' : ''}`;
  if (!node.isExpanded)
    return node.combinedImage ? (
      <Picture src={node.combinedImage} alt="Images combinées" />
    ) : (
      <Placeholder>{count}</Placeholder>
    );
  return (
    <>
      <Group gap={6} wrap="nowrap" style={{ overflow: 'hidden' }}>
        {inputs.slice(0, 6).map((src) => (
          <FallbackImage
            key={src}
            src={src}
            alt="Image connectée"
            style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 8, flex: 'none' }}
          />
        ))}
        {inputs.length === 0 && (
          <Text fz="sm" c="dimmed">
            Reliez au moins deux nœuds avec une image à ce nœud.
          </Text>
        )}
      </Group>
      {node.combinedImage ? (
        <Picture src={node.combinedImage} alt="Images combinées" onOpen={() => actions.viewImage(node.id)} />
      ) : (
        <Placeholder>{count}</Placeholder>
      )}
      <Button
        className="nodrag workflow-node-control"
        radius="xl"
        leftSection={<IconArrowsJoin size={16} aria-hidden />}
        onClick={() => actions.combine(node.id)}
      >
        Combiner les images
      </Button>
    </>
  );
}

export function ResultBody({ node }: { node: WorkflowNode }) {
  const actions = useEditorActions();
  const picture = nodeOutputImage(node);
  if (!picture)
    return (
      <Placeholder>
        {node.isExpanded ? 'Exécutez le workflow : les images produites apparaîtront ici.' : 'En attente du rendu'}
      </Placeholder>
    );
  const alt = `Rendu ${node.activeImageIndex + 1} sur ${node.images.length}`;
  return (
    <>
      <Picture src={picture} alt={alt} onOpen={() => actions.viewImage(node.id)} />
      <ImageDots
        count={node.images.length}
        index={node.activeImageIndex}
        onSelect={(index) => actions.selectImage(node.id, index)}
        className="nodrag workflow-node-control"
        testId="result-dots"
      />
      {node.isExpanded && (
        <Button
          className="nodrag workflow-node-control"
          variant="light"
          radius="xl"
          leftSection={<IconMaximize size={16} aria-hidden />}
          onClick={() => actions.viewImage(node.id)}
        >
          Comparer avant / après
        </Button>
      )}
    </>
  );
}

/** The render body: what the run will use, and the run itself. */
export function RenderBody({ node }: { node: WorkflowNode }) {
  const actions = useEditorActions();
  const { document } = actions;
  const upstream = upstreamNodeIds(document, node.id);
  const options = document.nodes
    .filter((each) => upstream.has(each.id) && each.isEnabled && isOptionNodeType(each.type))
    .flatMap((each) => displayedOption(each) ?? []);
  const summary = options.length === 0 ? 'Aucune option' : `${options.length} option${options.length > 1 ? 's' : ''}`;
  if (!node.isExpanded) {
    return (
      <Stack gap={2} justify="center" style={{ flex: 1 }}>
        <Text fz={12} fw={600}>
          {summary}
        </Text>
        <Text fz={11} c="dimmed">
          {document.renderCount} rendu{document.renderCount > 1 ? 's' : ''} par exécution
        </Text>
      </Stack>
    );
  }
  const planned = planRun(document);
  const image = planned.ok ? findNode(document, planned.plan.imageNodeId) : undefined;
  return (
    <>
      <Group gap={6}>
        {options.map((option) => (
          <Badge key={option.id} variant="light" color="violet">
            {option.name}
          </Badge>
        ))}
        {options.length === 0 && (
          <Text c="dimmed" fz="sm">
            Choisissez des options dans les nœuds reliés au rendu.
          </Text>
        )}
      </Group>
      {image && nodeOutputImage(image) && <Picture src={nodeOutputImage(image)!} alt="Image de départ" />}
      <ScrollArea.Autosize mah={90} className="nowheel" type="auto">
        <Text
          fz="xs"
          c="dimmed"
          style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}
          data-testid="render-prompt"
        >
          {planned.ok ? planned.plan.prompt : planned.error}
        </Text>
      </ScrollArea.Autosize>
      <Button
        className="nodrag workflow-node-control"
        radius="xl"
        variant="gradient"
        gradient={{ from: 'violet', to: 'pink' }}
        leftSection={<IconPlayerPlay size={16} aria-hidden />}
        loading={actions.running}
        onClick={actions.run}
      >
        Lancer le rendu
      </Button>
    </>
  );
}
