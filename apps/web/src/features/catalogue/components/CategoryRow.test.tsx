import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Category } from '@haat/shared/schemas/catalogue';
import { CategoryRow } from './CategoryRow';

const category = { _id: 'c1', name: 'Fashion', image: '/uploads/categories/c1.webp' } as unknown as Category;
const row = (): ReactElement => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>
      <CategoryRow category={category} firstSub={undefined} />
    </MemoryRouter>
  </QueryClientProvider>
);

describe('CategoryRow', () => {
  it('shows its arrows disabled in the server’s markup, before the scripts that move the row, and enabled once live', () => {
    const markup = document.createElement('div');
    markup.innerHTML = renderToString(row());
    const arrows = [...markup.querySelectorAll('button')];
    expect(arrows.map((b) => [b.getAttribute('aria-label'), b.disabled])).toEqual([
      ['Scroll Fashion left', true],
      ['Scroll Fashion right', true],
    ]);

    render(row());
    expect(screen.getByRole('button', { name: 'Scroll Fashion left' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Scroll Fashion right' })).toBeEnabled();
  });
});
