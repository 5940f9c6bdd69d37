import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import KnmHomePage from '@web/features/admin/knm-home/KnmHomePage';
import { renderWithProviders } from '../../../render';

describe('KNM landing', () => {
  it("has the two buttons 'KNM - Check List' and 'KNM - Clients'", () => {
    renderWithProviders(<KnmHomePage />);
    expect(screen.getByRole('button', { name: 'KNM - Check List' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'KNM - Clients' })).toBeInTheDocument();
  });
});
