import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { TESTIMONIALS } from './content';
import { LandingSection } from './Section';

export function TestimonialsSection() {
  return (
    <LandingSection id="testimonials" eyebrow="Témoignages" title="Ils ont adopté Atelier" tinted>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {TESTIMONIALS.map((testimonial) => (
          <Stack key={testimonial.name} component="figure" gap="md" p="lg" m={0} className="landing-card" data-testid="testimonial">
            <Group gap={2} role="img" aria-label={`Note : ${testimonial.rating} sur 5`}>
              {Array.from({ length: testimonial.rating }, (_, star) => (
                <IconStarFilled key={star} size={18} color="var(--mantine-color-yellow-5)" aria-hidden />
              ))}
            </Group>
            <Text component="blockquote" m={0} fz="md" lh={1.6}>
              « {testimonial.content} »
            </Text>
            <Text component="figcaption" mt="auto">
              <Text component="span" fw={700} display="block">
                {testimonial.name}
              </Text>
              <Text component="span" fz="sm" className="landing-muted">
                {testimonial.role}
              </Text>
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
