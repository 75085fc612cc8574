import type { SupportContact } from '@quickvend/shared/api/meta';
import type { PurchaseStatus } from '@quickvend/shared/api/purchases';
import { encodeIndexedPng } from './indexed-png.ts';
import type { ReceiptFacts } from './receipt-facts.ts';

/**
 * What the shared picture holds: the compact receipt, never the folded details, with the reference to quote
 * and how to reach support. Whoever receives it sees it: the balance only when the customer chose so.
 */
export type ReceiptImage = Pick<
  ReceiptFacts,
  'status' | 'headline' | 'note' | 'refundNote' | 'facts' | 'token' | 'units' | 'pins' | 'reference'
> & {
  productName: string;
  title: string;
  /** a test receipt says so on the picture too, so it is never taken for real money */
  isSandbox: boolean;
  /** the customer ticked "Show my balance on the picture" */
  isBalanceShown: boolean;
  /** as the server is configured; null or empty: no support lines at all */
  support: Pick<SupportContact, 'phone' | 'email' | 'whatsappUrl'> | null;
};

export const SANDBOX_MARK = 'Sandbox: no real money moved';
export const SUPPORT_HEADING = 'Need help with this purchase?';

/** `https://wa.me/2348012345678` as a number to read: `+234 801 234 5678`. */
export function whatsappNumberOf(url: string): string | null {
  const digits = /^https:\/\/wa\.me\/(\d{7,15})$/.exec(url.trim())?.[1];
  if (digits === undefined) return null;
  if (digits.length === 13 && digits.startsWith('234'))
    return `+234 ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
  return `+${digits}`;
}

/** The ways to reach support the server names, one line each, in the order people reach for them. */
export function supportLinesOf(support: ReceiptImage['support']): string[] {
  if (support === null) return [];
  const lines: string[] = [];
  if (support.phone?.trim()) lines.push(`Call ${support.phone.trim()}`);
  const whatsapp = support.whatsappUrl ? whatsappNumberOf(support.whatsappUrl) : null;
  if (whatsapp) lines.push(`WhatsApp ${whatsapp}`);
  if (support.email?.trim()) lines.push(`Email ${support.email.trim()}`);
  return lines;
}

// drawn at twice a 360 px phone's width, so it stays sharp when zoomed in a chat
const WIDTH = 720;
const PAD = 40;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif';
const MONO = 'ui-monospace, "DejaVu Sans Mono", "Noto Sans Mono", monospace';

const tones: Record<PurchaseStatus, { mark: string; ink: string; symbol: string }> = {
  delivered: { mark: '#15803d', ink: '#14532d', symbol: '✓' },
  pending: { mark: '#d97706', ink: '#78350f', symbol: '…' },
  failed: { mark: '#b91c1c', ink: '#7f1d1d', symbol: '✕' },
};

type Line = { text: string; font: string; colour: string; height: number; align: 'left' | 'center' };

/** `word` in pieces no wider than `width`: a reference or an address has no spaces to break at. */
function splitWord(context: CanvasRenderingContext2D, word: string, width: number): string[] {
  if (context.measureText(word).width <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && context.measureText(piece + character).width > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Splits `text` into lines no wider than `width` in the context's current font. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).flatMap((part) => splitWord(context, part, width))) {
    const next = line ? `${line} ${word}` : word;
    if (line && context.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** The receipt laid out top to bottom; `draw` false only measures, so the canvas can be sized first. */
function layOut(context: CanvasRenderingContext2D, image: ReceiptImage, draw: boolean): number {
  const tone = tones[image.status];
  let y = PAD;
  const text = (line: Line) => {
    context.font = line.font;
    const x = line.align === 'center' ? WIDTH / 2 : PAD;
    for (const part of wrap(context, line.text, WIDTH - 2 * PAD)) {
      if (draw) {
        context.fillStyle = line.colour;
        context.textAlign = line.align;
        context.fillText(part, x, y + line.height * 0.75);
      }
      y += line.height;
    }
  };
  const rule = () => {
    y += 16;
    if (draw) {
      context.strokeStyle = '#d1d5db';
      context.lineWidth = 2;
      context.setLineDash([10, 8]);
      context.beginPath();
      context.moveTo(PAD, y);
      context.lineTo(WIDTH - PAD, y);
      context.stroke();
      context.setLineDash([]);
    }
    y += 24;
  };

  if (image.isSandbox) {
    if (draw) {
      context.fillStyle = '#fde68a';
      context.fillRect(0, 0, WIDTH, 56);
    }
    y = 8;
    text({ text: SANDBOX_MARK, font: `700 26px ${FONT}`, colour: '#451a03', height: 40, align: 'center' });
    y = 56 + PAD;
  }
  text({ text: image.productName, font: `800 40px ${FONT}`, colour: '#14532d', height: 48, align: 'left' });
  text({ text: image.title, font: `600 28px ${FONT}`, colour: '#374151', height: 36, align: 'left' });
  rule();

  const radius = 48;
  if (draw) {
    context.fillStyle = tone.mark;
    context.beginPath();
    context.arc(WIDTH / 2, y + radius, radius, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#ffffff';
    context.textAlign = 'center';
    context.font = `800 56px ${FONT}`;
    context.fillText(tone.symbol, WIDTH / 2, y + radius + 20);
  }
  y += radius * 2 + 16;
  text({ text: image.headline, font: `800 48px ${FONT}`, colour: tone.ink, height: 60, align: 'center' });
  if (image.note)
    text({ text: image.note, font: `500 26px ${FONT}`, colour: '#374151', height: 36, align: 'center' });
  if (image.refundNote)
    text({
      text: image.refundNote,
      font: `700 28px ${FONT}`,
      colour: '#14532d',
      height: 38,
      align: 'center',
    });

  if (image.token) {
    rule();
    text({ text: 'Token', font: `600 26px ${FONT}`, colour: '#4b5563', height: 34, align: 'left' });
    text({ text: image.token, font: `800 44px ${MONO}`, colour: '#111827', height: 56, align: 'left' });
    if (image.units)
      text({
        text: `Units: ${image.units}`,
        font: `500 26px ${FONT}`,
        colour: '#1f2937',
        height: 36,
        align: 'left',
      });
  }
  if (image.pins.length > 0) {
    rule();
    image.pins.forEach((pin, index) => {
      const label = image.pins.length === 1 ? 'PIN' : `PIN ${index + 1}`;
      text({
        text: pin.serial ? `${label} · serial ${pin.serial}` : label,
        font: `600 24px ${FONT}`,
        colour: '#4b5563',
        height: 32,
        align: 'left',
      });
      text({ text: pin.pin, font: `800 36px ${MONO}`, colour: '#111827', height: 46, align: 'left' });
    });
  }

  rule();
  image.facts
    .filter((fact) => image.isBalanceShown || !fact.isPrivate)
    .forEach((fact, index) => {
      const isMoney = index === 0;
      context.font = `500 26px ${FONT}`;
      const labelWidth = Math.min(context.measureText(fact.label).width + 24, (WIDTH - 2 * PAD) / 2);
      context.font = isMoney ? `800 36px ${FONT}` : `700 26px ${FONT}`;
      const values = wrap(context, fact.value, WIDTH - 2 * PAD - labelWidth);
      const height = isMoney ? 48 : 36;
      if (draw) {
        context.font = `500 26px ${FONT}`;
        context.fillStyle = '#4b5563';
        context.textAlign = 'left';
        context.fillText(fact.label, PAD, y + height * 0.75);
        context.font = isMoney ? `800 36px ${FONT}` : `700 26px ${FONT}`;
        context.fillStyle = '#111827';
        context.textAlign = 'right';
        values.forEach((value, line) => {
          context.fillText(value, WIDTH - PAD, y + height * 0.75 + line * height);
        });
      }
      y += values.length * height + 12;
    });

  rule();
  text({
    text: image.reference.label,
    font: `600 24px ${FONT}`,
    colour: '#4b5563',
    height: 32,
    align: 'left',
  });
  text({
    text: image.reference.value,
    font: `700 28px ${MONO}`,
    colour: '#111827',
    height: 38,
    align: 'left',
  });
  const support = supportLinesOf(image.support);
  if (support.length > 0) {
    rule();
    text({ text: SUPPORT_HEADING, font: `700 26px ${FONT}`, colour: '#14532d', height: 36, align: 'left' });
    for (const line of support)
      text({ text: line, font: `600 26px ${FONT}`, colour: '#111827', height: 36, align: 'left' });
    text({
      text: `Quote the ${image.reference.label === 'Reference' ? 'reference' : image.reference.label} above.`,
      font: `500 24px ${FONT}`,
      colour: '#4b5563',
      height: 34,
      align: 'left',
    });
  }
  return y + PAD;
}

/** The compact receipt drawn on a canvas, as a PNG. Rejects when the browser cannot draw or encode. */
export async function renderReceiptPng(image: ReceiptImage): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  const measuring = canvas.getContext('2d');
  if (measuring === null) throw new Error('This browser cannot draw the receipt.');
  canvas.height = Math.ceil(layOut(measuring, image, false));
  // resizing a canvas resets its context, so draw with a fresh one
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('This browser cannot draw the receipt.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  layOut(context, image, true);
  // a quarter of the bytes for a customer on a slow connection; the browser's own PNG where that fails
  const small = await encodeIndexedPng(context.getImageData(0, 0, canvas.width, canvas.height)).catch(
    () => null,
  );
  if (small) return small;
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('Could not make the receipt image.'));
    }, 'image/png');
  });
}

export type ShareOutcome = 'shared' | 'cancelled' | 'downloaded';

/**
 * Shares the receipt picture through the phone's share sheet (WhatsApp, SMS, mail) where the browser can
 * share files, else saves it as a download.
 */
export async function shareReceiptImage(image: ReceiptImage, fileName: string): Promise<ShareOutcome> {
  const blob = await renderReceiptPng(image);
  const file = new File([blob], fileName, { type: 'image/png' });
  const data: ShareData = { files: [file], title: `${image.productName} ${image.title}` };
  if (
    typeof navigator.share === 'function' &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare(data)
  ) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // some browsers refuse files at the last moment: fall back to the download
    }
  }
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the click has started the download; give the browser a moment before the URL goes
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 10_000);
  }
  return 'downloaded';
}
