import { act, render, screen } from '@testing-library/react';
import { changeLanguage } from '@/i18n';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchBar } from './SearchBar';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderAt(path: string) {
  const element = (
    <>
      <SearchBar />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe('SearchBar', () => {
  it('keeps the placeholder still for a shopper who asked for reduced motion (the test setup asks for it)', async () => {
    renderAt('/');
    expect(window.matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    // The typing placeholder, had it started, would have cleared the text and be retyping it by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('link', { name: 'Search products' })).toHaveTextContent(/^Search products\s*Search "fashion and lifestyle"$/);
  });

  it('in Bangla the placeholder names the category in Bangla', async () => {
    await act(() => changeLanguage('bn'));
    renderAt('/');
    expect(screen.getByRole('link', { name: 'পণ্য খুঁজুন' })).toHaveTextContent(/"ফ্যাশন ও লাইফস্টাইল" খুঁজুন$/);
  });

  it('elsewhere shows the animated launcher that opens the search page', async () => {
    renderAt('/');
    expect(screen.queryByRole('searchbox')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Search products' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/search-page');
  });

  it('on the search page is an auto-focused input sending lower-cased text to ?search=', async () => {
    renderAt('/search-page');
    const input = screen.getByPlaceholderText('Search for products...');
    expect(input).toHaveFocus();
    await userEvent.type(input, 'Samsung TV');
    expect(input).toHaveValue('Samsung TV');
    expect(screen.getByTestId('where')).toHaveTextContent('/search-page?search=samsung%20tv');
  });

  it('keeps the term from the URL and offers a back arrow to /', async () => {
    renderAt('/search-page?search=saree');
    expect(screen.getByPlaceholderText('Search for products...')).toHaveValue('saree');
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('is a real form in the server’s markup: typed text and Enter go to /search-page?search= before the scripts run (issue 42)', async () => {
    const markupAt = (path: string) => {
      const markup = document.createElement('div');
      markup.innerHTML = renderToString(
        <MemoryRouter initialEntries={[path]}>
          <SearchBar />
        </MemoryRouter>,
      );
      return markup;
    };
    const form = markupAt('/search-page?search=saree').querySelector('form');
    expect(form).not.toBeNull();
    expect(form!.getAttribute('method')).toBe('get');
    expect(form!.getAttribute('action')).toBe('/search-page');
    expect(form!.getAttribute('role')).toBe('search');
    const input = form!.querySelector('input')!;
    expect(input.getAttribute('name')).toBe('search');
    expect(input.getAttribute('value')).toBe('saree');
    expect(input.getAttribute('aria-label')).toBe('Search for products');

    // The same form in Bangla.
    await act(() => changeLanguage('bn'));
    const bn = markupAt('/search-page').querySelector('form[action="/search-page"]');
    expect(bn?.getAttribute('aria-label')).toBe('পণ্য খুঁজুন');
    expect(bn?.querySelector('input[name="search"]')?.getAttribute('placeholder')).toBe('পণ্য খুঁজুন...');
  });

  it('with the scripts running, Enter keeps the shopper on the search page with the term', async () => {
    renderAt('/search-page');
    const input = screen.getByRole('searchbox', { name: 'Search for products' });
    await userEvent.type(input, 'Kurta{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/search-page?search=kurta');
    expect(screen.getByRole('search', { name: 'Search products' })).toContainElement(input);
  });
});
