import { ActionIcon, Box, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AccountMenu } from '../../components/AccountMenu';
import { BrandTitle } from '../../components/BrandTitle';
import { ThemeToggle } from '../../components/ThemeToggle';

/**
 * The home page's sticky bar: the brand, create, account. What the community section shows is
 * chosen by the section's own toggle, beside what it changes.
 */
export function HomeHeader() {
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
        <BrandTitle />
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
