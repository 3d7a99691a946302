import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { COUNTRIES } from '../constants';
import { MockProviders } from '../mock';
import { Checkbox, PasswordField, Select, Switch, TextArea, TextField } from '.';

const wrap = (ui: React.ReactElement) => render(<MockProviders>{ui}</MockProviders>);

describe('TextField', () => {
  it('is labelled, and links its helper text with aria-describedby', () => {
    wrap(<TextField label="E-mail address" helperText="We never share it" />);
    const input = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(input).toHaveAccessibleDescription('We never share it');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows an error instead of the helper text and marks the input invalid', () => {
    wrap(<TextField label="E-mail address" helperText="We never share it" error="This address is taken" />);
    const input = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This address is taken');
    expect(screen.queryByText('We never share it')).not.toBeInTheDocument();
  });

  it('keeps its message line even when empty, so an arriving error does not move the layout', () => {
    const { container, rerender } = wrap(<TextField label="Phone" />);
    const lines = () => container.querySelectorAll('p[id$="-message"]');
    expect(lines()).toHaveLength(1);
    rerender(
      <MockProviders>
        <TextField label="Phone" error="Enter a phone number" />
      </MockProviders>,
    );
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toHaveTextContent('Enter a phone number');
  });

  it('can be locked (read-only) or disabled', async () => {
    wrap(
      <>
        <TextField label="Locked" locked defaultValue="dana@example.com" />
        <TextField label="Off" disabled />
      </>,
    );
    const locked = screen.getByRole('textbox', { name: 'Locked' });
    expect(locked).toHaveAttribute('readonly');
    await userEvent.type(locked, 'x');
    expect(locked).toHaveValue('dana@example.com');
    expect(screen.getByRole('textbox', { name: 'Off' })).toBeDisabled();
  });

  it('passes native attributes through (type, autocomplete, onChange)', async () => {
    const seen: string[] = [];
    wrap(<TextField label="E-mail" type="email" autoComplete="email" onChange={(e) => seen.push(e.target.value)} />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    await userEvent.type(input, 'ab');
    expect(seen).toEqual(['a', 'ab']);
  });
});

describe('TextArea', () => {
  it('is a labelled multi-line field with the same message line', () => {
    wrap(<TextArea label="Your question" error="Please write your question" />);
    const area = screen.getByRole('textbox', { name: 'Your question' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAccessibleDescription('Please write your question');
  });
});

describe('PasswordField', () => {
  it('hides the password until the show button is pressed, and hides it again', async () => {
    wrap(<PasswordField label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('can be toggled from the keyboard', async () => {
    wrap(<PasswordField label="Password" />);
    await userEvent.tab();
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('type', 'text');
  });
});

describe('Select', () => {
  const options = COUNTRIES.map((c) => ({ value: c.code, label: c.label }));

  function Controlled() {
    const [value, setValue] = useState('');
    return <Select label="Country" placeholder="Choose your country" options={options} value={value} onChange={(e) => setValue(e.target.value)} />;
  }

  it('lists a placeholder and the options, and selects by label', async () => {
    wrap(<Controlled />);
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose your country', 'United States', 'Canada', 'United Kingdom', 'Australia']);
    expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'Canada');
    expect(select).toHaveValue('CA');
  });

  it('shows its error under it', () => {
    wrap(<Select label="Country" options={options} error="Choose your country" />);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Choose your country');
  });
});

describe('Checkbox and Switch', () => {
  it('a checkbox toggles by click on its label and by Space', async () => {
    wrap(<Checkbox label="Abbreviate service areas" defaultChecked={false} />);
    const box = screen.getByRole('checkbox', { name: 'Abbreviate service areas' });
    await userEvent.click(screen.getByText('Abbreviate service areas'));
    expect(box).toBeChecked();
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('a switch has the switch role, toggles, and can carry a message', async () => {
    const changes: boolean[] = [];
    wrap(<Switch label="Filter enabled" helperText="Off: this filter accepts nothing" onChange={(e) => changes.push(e.target.checked)} />);
    const toggle = screen.getByRole('switch', { name: 'Filter enabled' });
    expect(toggle).toHaveAccessibleDescription('Off: this filter accepts nothing');
    await userEvent.click(toggle);
    expect(changes).toEqual([true]);
  });

  it('a disabled checkbox cannot be changed', async () => {
    wrap(<Checkbox label="Locked choice" disabled />);
    await userEvent.click(screen.getByText('Locked choice'));
    expect(screen.getByRole('checkbox', { name: 'Locked choice' })).not.toBeChecked();
  });
});
