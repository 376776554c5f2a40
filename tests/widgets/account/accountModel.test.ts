import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/contract';
import { avatarProblem, centredSquare, clampSquare, croppedName, incompleteMessage, keyedSquare, profilePayload, profileValues, splitName } from '../../../src/widgets/account/accountModel';

describe('accountModel', () => {
  it('splits the name on the first space (docs/product/data.md)', () => {
    expect(splitName('Asha Rao Menon')).toEqual(['Asha', 'Rao Menon']);
    expect(splitName('  Asha  ')).toEqual(['Asha', '']);
    expect(splitName(null)).toEqual(['', '']);
  });

  it('maps a profile to the form and the form to the profile payload', () => {
    const values = profileValues({ id: 7, name: 'Asha Rao', email: 'a@b.in', address: '1 Road', postal_code: '560001', user_type: 'agent' });
    expect(values).toMatchObject({ first_name: 'Asha', last_name: 'Rao', street: '1 Road', zip_code: '560001', phone: '' });
    expect(profilePayload({ ...values, city: ' Pune ' }, { user_type: 'agent' })).toMatchObject({ city: 'Pune', user_type: 'agent', street: '1 Road' });
  });

  it('asks to complete the profile when a required field is blank', () => {
    const values = profileValues({ id: 7, name: 'Asha Rao', email: 'a@b.in' });
    expect(incompleteMessage(values)).toBeNull();
    expect(incompleteMessage({ ...values, email: ' ' })).toBe(MESSAGES.profile.incomplete);
  });

  it('checks avatar type and size (docs/product/rules.md)', () => {
    expect(avatarProblem({ size: 10, type: 'image/png', name: 'a.png' })).toBeNull();
    expect(avatarProblem({ size: 10, type: 'image/jpg', name: 'a.jpg' })).toBeNull();
    expect(avatarProblem({ size: 10, type: '', name: 'a.JPEG' })).toBeNull();
    expect(avatarProblem({ size: 5 * 1024 * 1024 + 1, type: 'image/jpeg', name: 'a.jpg' })).toBe(MESSAGES.profile.avatarTooLarge);
    expect(avatarProblem({ size: 10, type: 'image/webp', name: 'a.webp' })).toBe('Please choose a JPEG or PNG image');
  });

  it('keeps the crop square inside the picture, moved and resized by keys', () => {
    const start = centredSquare(800, 600);
    expect(start).toEqual({ x: 100, y: 0, size: 600 });
    expect(clampSquare(keyedSquare(start, 'ArrowUp', 10)!, 800, 600)).toEqual(start);
    const smaller = clampSquare(keyedSquare(start, '-', 100)!, 800, 600);
    expect(smaller).toEqual({ x: 150, y: 50, size: 500 });
    expect(clampSquare(keyedSquare(smaller, 'ArrowRight', 1000)!, 800, 600).x).toBe(300);
    expect(clampSquare({ x: 0, y: 0, size: 1 }, 800, 600).size).toBe(120);
    expect(keyedSquare(start, 'Enter', 10)).toBeNull();
    expect(croppedName('me.photo.jpeg', 'image/jpeg')).toBe('me.photo.jpg');
  });
});
