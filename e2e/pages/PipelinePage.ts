import { expect, type Page, type Response } from '@playwright/test';

export type PipelineStageKey = 'drafted' | 'contacted' | 'replied' | 'meeting_scheduled' | 'closed';

const isMove = (response: Response) =>
  response.request().method() === 'PATCH' && new URL(response.url()).pathname.startsWith('/api/pipeline/');
const isBoardRead = (response: Response) =>
  response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/pipeline';

const cardName = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);

/** The pipeline board on /pipeline: five stages of contact cards, moved by dragging (pointer or keyboard). */
export class PipelinePage {
  constructor(private readonly page: Page) {}

  readonly stage = (stage: PipelineStageKey) => this.page.getByTestId(`pipeline-stage-${stage}`);
  /** a card, by its contact's name (its accessible name is what it shows, that name first) */
  readonly card = (name: string) => this.page.getByRole('button', { name: cardName(name) });
  readonly cardIn = (stage: PipelineStageKey, name: string) =>
    this.stage(stage).getByRole('button', { name: cardName(name) });
  /** what @dnd-kit tells screen readers while a card is dragged */
  readonly announcement = () => this.page.locator('[role="status"][aria-live]');

  async goto() {
    await this.page.goto('/pipeline');
    // a full load of the app from the dev server, as SignInPage.goto allows
    await expect(this.page.getByRole('heading', { name: 'Pipeline', level: 1 })).toBeVisible({ timeout: 30_000 });
  }

  /**
   * Drags the card with the mouse into the middle of `stage`; answers the PATCH that stores the move, once the board
   * has read the move back (the server's `pipeline.changed` on the live channel). A card picked up with the keyboard
   * while that read was landing, 300 ms after this drop, was let go before the first arrow (once in a clean run); not
   * reproduced outside the browser (PipelineDashboard.test.tsx holds a card through the same update), so the journey
   * lets the board settle, as a person sees the card land before reaching for the next.
   */
  async dragWithPointer(name: string, stage: PipelineStageKey) {
    const from = await this.card(name).boundingBox();
    const to = await this.stage(stage).boundingBox();
    if (!from || !to) throw new Error(`The card ${name} or the stage ${stage} is not on the board`);
    let moved = false;
    const stored = this.page.waitForResponse(isMove).then((response) => {
      moved = true;
      return response;
    });
    const readBack = this.page.waitForResponse((response) => moved && isBoardRead(response));
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    // past the 6 px that tell a drag from a click, then across
    await this.page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2, { steps: 3 });
    await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 3, { steps: 10 });
    await this.page.mouse.up();
    await readBack;
    return stored;
  }

  /** Space picks the card up, the arrows move it `steps` stages (negative: left), Space drops it; answers the PATCH. */
  async moveWithKeyboard(name: string, steps: number) {
    const stored = this.page.waitForResponse(isMove);
    // focus and Space in one action, then wait until the card is held: a Space lost to a re-render of the board
    // (a live update of the move before) would turn the closing Space into a pick-up and the move into nothing
    await this.card(name).press('Space');
    await expect(this.card(name)).toHaveAttribute('aria-pressed', 'true');
    for (let step = 0; step < Math.abs(steps); step += 1)
      await this.page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
    await this.page.keyboard.press('Space');
    return stored;
  }
}
