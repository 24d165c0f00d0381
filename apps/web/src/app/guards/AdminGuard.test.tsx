import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/i18n';
import { fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { AdminGuard } from './AdminGuard';

const page = (permission: Parameters<typeof AdminGuard>[0]['permission']) => (
  <AdminGuard permission={permission}>
    <h1>The staff page</h1>
  </AdminGuard>
);

describe('a staff page outside the visitor’s role (issue 42)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('tells a Packer their role cannot open it, which roles can, and that the Owner grants it', async () => {
    fakeApi({});
    renderPage(page('catalogue.manage'), { signedInAs: 'PACKER' });
    expect(await screen.findByText('This page is not open to your role, Packer.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('The roles that can open it: Owner, Manager and Catalogue.')).toBeInTheDocument();
    expect(screen.getByText('Only the Owner can give you access, by changing your role on the Staff page.')).toBeInTheDocument();
    expect(screen.queryByText("The page you're looking for doesn't exist.")).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The staff page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous Page' })).toBeInTheDocument();
    // Back to the first page of the Packer's own menu.
    expect(screen.getByRole('link', { name: 'Go to your pages' })).toHaveAttribute('href', '/dashboard/my-order');
  });

  it('the Staff page: only the Owner’s', async () => {
    fakeApi({});
    renderPage(page('staff.manage'), { signedInAs: 'MANAGER' });
    expect(await screen.findByText('This page is not open to your role, Manager.')).toBeInTheDocument();
    expect(screen.getByText('The roles that can open it: Owner.')).toBeInTheDocument();
  });

  it('says it in Bangla', async () => {
    fakeApi({});
    await changeLanguage('bn');
    renderPage(page('orders.view'), { signedInAs: 'CATALOGUE' });
    expect(await screen.findByText('আপনার ভূমিকা (ক্যাটালগ) দিয়ে এই পাতাটি খোলা যায় না।')).toBeInTheDocument();
    expect(screen.getByText('যে ভূমিকাগুলো এটি খুলতে পারে: মালিক, ম্যানেজার, অর্ডার এবং প্যাকার।')).toBeInTheDocument();
    expect(screen.getByText('শুধু মালিক কর্মী পাতায় আপনার ভূমিকা বদলে এর অনুমতি দিতে পারেন।')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আপনার পাতাগুলোতে যান' })).toHaveAttribute('href', '/dashboard/category');
  });

  it('a shopper still meets the spec’s Oops! screen; a role with the permission, the page', async () => {
    fakeApi({});
    const shopper = renderPage(page('orders.view'), { signedInAs: 'USER' });
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.queryByText(/your role/)).not.toBeInTheDocument();
    shopper.unmount();
    renderPage(page('orders.view'), { signedInAs: 'PACKER' });
    expect(screen.getByRole('heading', { name: 'The staff page' })).toBeInTheDocument();
  });
});
