import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Carousel } from './carousel';

const images = ['/files/front', '/files/side', '/files/back'].map((src, i) => ({ src, alt: `View ${i + 1}` }));

function renderCarousel() {
  render(<Carousel images={images} width={4} height={5} sizes="100vw" priority label="Pictures" />);
  return screen.getByRole('region', { name: 'Pictures' });
}

const slides = (region: HTMLElement) =>
  [...region.querySelectorAll('img')].map((img) => ({
    src: img.getAttribute('src'),
    loading: img.getAttribute('loading'),
  }));

afterEach(() => {
  vi.useRealTimers();
});

describe('Carousel: the slides after the first wait (decision 0048)', () => {
  it('shows the first picture alone until it has loaded and the browser is idle, then every slide', () => {
    vi.useFakeTimers();
    const region = renderCarousel();
    expect(slides(region)).toEqual([{ src: '/files/front', loading: 'eager' }]);
    expect(screen.getByText('1 / 3', { exact: false })).toBeInTheDocument();

    // Idle time alone does not bring them: the first picture is still loading.
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(slides(region)).toHaveLength(1);

    fireEvent.load(region.querySelector('img')!);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(slides(region)).toEqual([
      { src: '/files/front', loading: 'eager' },
      { src: '/files/side', loading: 'lazy' },
      { src: '/files/back', loading: 'lazy' },
    ]);
  });

  it('brings every slide at once when the visitor’s pointer reaches the carousel', async () => {
    const region = renderCarousel();
    expect(slides(region)).toHaveLength(1);
    await userEvent.hover(region);
    expect(slides(region)).toHaveLength(3);
  });

  it('shows the next picture at the first press of "next", before the first has loaded', async () => {
    const region = renderCarousel();
    expect(slides(region)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img', { name: 'View 2' })).toBeInTheDocument();
    expect(screen.getByText('2 / 3', { exact: false })).toBeInTheDocument();
  });
});
