import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Provider } from "@shared/api";
import { createQueryClient } from "@/lib/query-client";
import { InEnglish } from "@/test/language";
import { providersQueryOptions } from "../api";
import { ListenMenu } from "./listen-menu";

const provider = (id: number, name: string): Provider =>
  ({ id, name, url: `https://listen.example/${id}`, icon: "fa-podcast", sortOrder: String(id) }) as Provider;

function renderMenu(
  providers = [provider(1, "Apple Podcasts"), provider(2, "Spotify"), provider(3, "Pocket Casts")],
  Menu: typeof ListenMenu = ListenMenu,
) {
  const client = createQueryClient();
  client.setQueryData(providersQueryOptions().queryKey, providers);
  return render(
    <QueryClientProvider client={client}>
      <Menu />
      <a href="/about">After the menu</a>
    </QueryClientProvider>,
    { wrapper: InEnglish },
  );
}

const button = () => screen.getByRole("button", { name: "Listen" });
const items = () => screen.getAllByRole("menuitem");

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the Listen menu", () => {
  it("when it is closed, then the button says so and no menu is in the page", () => {
    renderMenu();
    expect(button()).toHaveProperty("ariaExpanded", "false");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("when Enter is pressed on the button, then the menu opens on the first provider, the arrows move round it, and Escape gives focus back", async () => {
    const user = userEvent.setup();
    renderMenu();
    button().focus();
    await user.keyboard("{Enter}");
    // The open menu's code loads when the visitor first wants it.
    expect(await screen.findByRole("menu", { name: "Podcast providers" })).toBeTruthy();
    expect(button().getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(items()[0]));
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toBe(items()[1]);
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(document.activeElement).toBe(items()[2]);
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(items()[0]);
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(items()[2]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it("when ArrowUp opens it, then the last provider has focus; a letter goes to the next provider starting with it", async () => {
    const user = userEvent.setup();
    renderMenu();
    button().focus();
    await user.keyboard("{ArrowUp}");
    await waitFor(() => expect(document.activeElement).toBe(items()[2]));
    await user.keyboard("s");
    expect(document.activeElement?.textContent).toContain("Spotify");
    await user.keyboard("a");
    expect(document.activeElement?.textContent).toContain("Apple Podcasts");
  });

  it("when Tab is pressed in the open menu, then it closes and focus goes on to what follows the button", async () => {
    // jsdom lays nothing out: every element counts as shown here.
    vi.spyOn(HTMLElement.prototype, "getClientRects").mockReturnValue([{}] as unknown as DOMRectList);
    const user = userEvent.setup();
    renderMenu();
    button().focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("menu");
    await user.keyboard("{Tab}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "After the menu" }));
  });

  it("when each provider is listed, then it is a link that opens in a new tab and says so", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(button());
    const spotify = await screen.findByRole("menuitem", { name: /Spotify/ });
    expect(spotify.getAttribute("href")).toBe("https://listen.example/2");
    expect(spotify.getAttribute("target")).toBe("_blank");
    expect(spotify.textContent).toContain("(opens in a new tab)");
  });

  it("when a click opened it, then a second click closes it, and a press outside closes it", async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.click(button());
    expect(await screen.findByRole("menu")).toBeTruthy();
    await user.click(button());
    expect(screen.queryByRole("menu")).toBeNull();
    await user.click(button());
    await screen.findByRole("menu");
    await user.click(document.body);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("when the pointer rests on the button and then leaves, then the menu opens and closes 150 ms later, not before", async () => {
    renderMenu();
    const mouse = { pointerType: "mouse" };
    fireEvent.pointerEnter(button(), mouse);
    expect(await screen.findByRole("menu")).toBeTruthy();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // Onto the menu: it stays.
    fireEvent.pointerMove(items()[1]!, mouse);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole("menu")).toBeTruthy();
    // Away from both: it goes 150 ms later.
    fireEvent.pointerMove(screen.getByRole("link", { name: "After the menu" }), mouse);
    act(() => vi.advanceTimersByTime(140));
    expect(screen.queryByRole("menu")).toBeTruthy();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("when there are no providers, then the open menu says so", async () => {
    const user = userEvent.setup();
    renderMenu([]);
    await user.click(button());
    expect(await screen.findByText("No podcast providers available at the moment.")).toBeTruthy();
  });

  /** The menu as a first visit finds it: its open part's code not fetched yet. */
  async function freshMenu(): Promise<typeof ListenMenu> {
    vi.resetModules();
    return (await import("./listen-menu")).ListenMenu;
  }

  it("when the pointer leaves the button before the menu's code has arrived, then the menu does not open afterwards", async () => {
    renderMenu(undefined, await freshMenu());
    const mouse = { pointerType: "mouse" };
    fireEvent.pointerEnter(button(), mouse);
    fireEvent.pointerLeave(button(), mouse);
    await act(async () => {
      await import("./listen-menu-popup");
    });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button().getAttribute("aria-expanded")).toBe("false");
  });

  it("when focus moves on before the menu a key asked for has arrived, then it does not open or take focus back", async () => {
    renderMenu(undefined, await freshMenu());
    button().focus();
    fireEvent.keyDown(button(), { key: "Enter" });
    const after = screen.getByRole("link", { name: "After the menu" });
    after.focus();
    await act(async () => {
      await import("./listen-menu-popup");
    });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(after);
  });
});
