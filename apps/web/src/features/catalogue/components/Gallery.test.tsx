import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Gallery } from './Gallery';

const images = ['/uploads/products/a.webp', '/uploads/products/b.webp', '/uploads/products/c.webp'];

describe('Gallery', () => {
  it('shows the first image large, and a dot or thumbnail picks another', async () => {
    render(<Gallery images={images} name="Jamdani Saree" />);
    const large = () => screen.getByRole('img', { name: 'Jamdani Saree' });
    expect(large()).toHaveAttribute('src', images[0]);
    expect(large()).toHaveAttribute('loading', 'eager');
    await userEvent.click(screen.getByRole('button', { name: 'Show image 3' }));
    expect(large()).toHaveAttribute('src', images[2]);
    expect(screen.getByRole('button', { name: 'Show image 3' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Image 2' }));
    expect(large()).toHaveAttribute('src', images[1]);
  });

  it('moves the thumbnail strip 50 px a click', async () => {
    render(<Gallery images={images} name="Jamdani Saree" />);
    const strip = screen.getByTestId('thumbnail-strip');
    const scrollBy = vi.fn();
    strip.scrollBy = scrollBy as never;
    await userEvent.click(screen.getByRole('button', { name: 'Scroll thumbnails right' }));
    await userEvent.click(screen.getByRole('button', { name: 'Scroll thumbnails left' }));
    expect(scrollBy.mock.calls.map(([o]) => o.left)).toEqual([50, -50]);
  });

  it('shows its dots, thumbnails and arrows disabled in the server’s markup, before the scripts that work them, and enabled once live', () => {
    const markup = document.createElement('div');
    markup.innerHTML = renderToString(<Gallery images={images} name="Jamdani Saree" />);
    const buttons = [...markup.querySelectorAll('button')];
    expect(buttons).toHaveLength(8);
    expect(buttons.filter((b) => !b.disabled).map((b) => b.getAttribute('aria-label'))).toEqual([]);

    render(<Gallery images={images} name="Jamdani Saree" />);
    expect(screen.getAllByRole('button').filter((b) => (b as HTMLButtonElement).disabled)).toEqual([]);
  });

  it('shows no dots or strip for a single image', () => {
    render(<Gallery images={images.slice(0, 1)} name="Jamdani Saree" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
