import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '@/i18n';
import { envelope, failure, fakeApi } from '@/test-api';
import { renderPage } from '@/test-utils';
import { SearchSynonymsPage } from './SearchSynonymsPage';

describe('Search synonyms page', () => {
  it('shows the groups one a line and saves the edited list', async () => {
    const api = fakeApi({
      'GET search/synonyms': { body: envelope({ groups: [['saree', 'sari', 'শাড়ি']] }) },
      'PUT search/synonyms': { body: envelope({ groups: [['saree', 'sari', 'শাড়ি', 'shari'], ['atta', 'আটা']] }, 'Search synonyms saved.') },
    });
    const ui = userEvent.setup();
    renderPage(<SearchSynonymsPage />);
    const box = await screen.findByLabelText('Synonym groups, one group per line, words separated by commas');
    expect(box).toHaveValue('saree, sari, শাড়ি');
    await ui.type(box, ', Shari{Enter}atta,  আটা');
    expect(screen.getByText('Groups: 2')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('Search synonyms saved.')).toBeInTheDocument();
    // Sent as the shared rules read it: each word trimmed and in lower case.
    expect(api.sent('PUT', 'search/synonyms').map((c) => c.body)).toEqual([{ groups: [['saree', 'sari', 'শাড়ি', 'shari'], ['atta', 'আটা']] }]);
    expect(box).toHaveValue('saree, sari, শাড়ি, shari\natta, আটা');
  });

  it('names a bad group before sending anything, and the server’s refusal after', async () => {
    const api = fakeApi({
      'GET search/synonyms': { body: envelope({ groups: [] }) },
      'PUT search/synonyms': { status: 400, body: failure('There can be at most 300 synonym groups.') },
    });
    const ui = userEvent.setup();
    renderPage(<SearchSynonymsPage />);
    const box = await screen.findByLabelText('Synonym groups, one group per line, words separated by commas');
    await ui.type(box, 'washing powder, detergent');
    await ui.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Each synonym must be one word of letters or digits, without spaces or punctuation.');
    expect(api.sent('PUT', 'search/synonyms')).toHaveLength(0);

    await ui.clear(box);
    await ui.type(box, 'tv, television');
    await ui.click(screen.getByRole('button', { name: 'Save synonyms' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('There can be at most 300 synonym groups.'));
  });

  it('speaks Bangla, the shared rules’ messages too', async () => {
    await changeLanguage('bn');
    fakeApi({ 'GET search/synonyms': { body: envelope({ groups: [] }) } });
    const ui = userEvent.setup();
    renderPage(<SearchSynonymsPage />);
    expect(await screen.findByRole('heading', { name: 'সার্চের সমার্থক শব্দ' })).toBeInTheDocument();
    await ui.type(await screen.findByLabelText('সমার্থক শব্দের দল, প্রতি লাইনে একটি দল, শব্দগুলো কমা দিয়ে আলাদা'), 'শাড়ি');
    await ui.click(screen.getByRole('button', { name: 'সমার্থক শব্দ সংরক্ষণ করুন' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('সমার্থক শব্দের প্রতিটি দলে অন্তত দুটি আলাদা শব্দ থাকতে হবে।');
  });
});
