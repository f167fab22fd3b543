import { describe, expect, it } from 'vitest';
import { AddLineBodySchema, CreateProductBodySchema, IdSchema, LangSchema, SignupBodySchema, SIZES } from './index.js';

describe('shared schemas', () => {
  it('accepts only digit ids', () => {
    expect(IdSchema.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '1e3', '4.2', ' 7', 'abc', '99999999999'])
      expect(IdSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('falls back to no language rather than failing', () => {
    expect(LangSchema.parse('bg')).toBe('bg');
    expect(LangSchema.parse('xx')).toBeUndefined();
    expect(LangSchema.parse(undefined)).toBeUndefined();
  });

  it('keeps the spec size order', () => {
    expect(SIZES).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
  });

  it('drops keys a client must never set', () => {
    const parsed = SignupBodySchema.parse({
      name: ' Ana ',
      email: 'Ana@Example.COM',
      password: 'long enough pw',
      role: 'ADMIN',
    });
    expect(parsed).toEqual({ name: 'Ana', email: 'ana@example.com', password: 'long enough pw' });
  });

  it('bounds cart quantities to 1..99 integers', () => {
    const line = { productId: 1, selectedSize: 'M', selectedColor: 3 };
    expect(AddLineBodySchema.parse(line).quantity).toBe(1);
    for (const quantity of [0, 100, 1.5, -3])
      expect(AddLineBodySchema.safeParse({ ...line, quantity }).success).toBe(false);
  });

  it('gives the spec messages for a bad create-product payload', () => {
    const result = CreateProductBodySchema.safeParse({
      enName: '',
      enDescription: 'x',
      bgName: 'y',
      bgDescription: 'z',
      price: 0,
      categoryId: 9,
      sizes: [],
      colors: [],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'English name is required',
        'Valid price is required',
        'Category is required',
        'At least one size is required',
      ]),
    );
  });
});
