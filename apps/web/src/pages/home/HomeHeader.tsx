import { ActionIcon, Box, Paper, SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccountMenu } from '../../components/AccountMenu';
import { BrandTitle } from '../../components/BrandTitle';
import { ThemeToggle } from '../../components/ThemeToggle';
import type { CommunityTab } from './CommunitySection';

/** The home page's sticky bar: what the community section shows, the brand, create, account. */
export function HomeHeader({ tab, onTabChange }: { tab: CommunityTab; onTabChange: (tab: CommunityTab) => void }) {
  // At 375 px a visitor's 'Connexion' button leaves the brand no margin at full size.
  const narrow = useMediaQuery('(max-width: 400px)');
  return (
    <Paper
      component="header"
      pos="sticky"
      top={0}
      radius={0}
      px={{ base: 'xs', sm: 'md' }}
      py="xs"
      className="home-header"
    >
      <div className="home-header__row">
        <SegmentedControl
          size="xs"
          radius="xl"
          value={tab}
          onChange={(value) => onTabChange(value as CommunityTab)}
          data={[
            { value: 'public', label: 'Public' },
            { value: 'private', label: 'Privé' },
          ]}
          aria-label="Public ou privé"
        />
        <BrandTitle size={narrow ? 19 : 22} />
        <div className="home-header__actions">
          {/* On phones the theme is switched from the account page: the bar keeps its room for the essentials. */}
          <Box visibleFrom="sm">
            <ThemeToggle />
          </Box>
          <ActionIcon
            component={Link}
            to="/transform"
            size={38}
            radius="xl"
            variant="gradient"
            gradient={{ from: 'violet', to: 'pink' }}
            aria-label="Nouvelle transformation"
          >
            <IconPlus size={20} aria-hidden />
          </ActionIcon>
          <AccountMenu />
        </div>
      </div>
    </Paper>
  );
}
