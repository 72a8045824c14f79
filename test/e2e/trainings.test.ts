import { describe, expect, test } from "vitest";
import { VIDEO_HEADS } from "../fixtures/files";
import {
  atPath,
  confirmDeletion,
  detail,
  dismissToast,
  fieldErrors,
  followNav,
  hydrated,
  modes,
  signUp,
  toast,
  uniqueEmail,
  useBrowser,
  visit,
} from "./browser";

const browser = useBrowser();
const DATE = `${new Date().getUTCFullYear() + 1}-03-14`;

describe.each(modes)("trainings $name", ({ javaScript }) => {
  // Trainings are seen by every member: each run's titles are its own.
  const title = `Pitching to investors ${javaScript ? "(JS)" : "(no JS)"} ${Date.now()}`;
  const renamed = title.replace("Pitching to investors", "Pitching, part one");
  test("a member creates a training, another registers and unregisters, the creator sees them, edits and deletes after asking", async () => {
    const creator = await browser.newPage({ javaScript });
    await signUp(creator, { name: "Tomi Trainer", email: uniqueEmail("trainer") });
    await followNav(creator, "Trainings");
    await creator.waitForURL(atPath("/user/trainings"));
    await hydrated(creator);

    // Refused input is answered beside the fields, with what was typed kept.
    await creator.getByRole("link", { name: "Create a training" }).first().click();
    let dialog = creator.getByRole("dialog", { name: "Create a training" });
    await dialog.waitFor();
    await hydrated(creator);
    expect(await dialog.getByLabel("Trainer", { exact: true }).inputValue()).toBe("Tomi Trainer");
    await dialog.getByLabel("Duration (minutes)", { exact: true }).fill("-10");
    await dialog.getByRole("button", { name: "Create training" }).click();
    dialog = creator.getByRole("dialog", { name: "Create a training" });
    expect(await fieldErrors(dialog.getByLabel("Title", { exact: true }))).toContain("Title is required.");
    expect(await fieldErrors(dialog.getByLabel("Duration (minutes)", { exact: true }))).toContain("Enter a number above 0.");
    expect(await fieldErrors(dialog.getByLabel("Place", { exact: true }))).toContain("Enter a place or an online link.");
    expect(await dialog.getByLabel("Duration (minutes)", { exact: true }).inputValue()).toBe("-10");

    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await dialog.getByLabel("Date", { exact: true }).fill(DATE);
    await dialog.getByLabel("Start time", { exact: true }).fill("09:30");
    await dialog.getByLabel("Duration (minutes)", { exact: true }).fill("90");
    await dialog.getByLabel("Capacity", { exact: true }).fill("1");
    await dialog.getByLabel("Place", { exact: true }).fill("Club house");
    // Its time zone starts as the club's; another can be chosen.
    expect(await dialog.getByLabel("Time zone", { exact: true }).inputValue()).not.toBe("");
    await dialog.getByLabel("Time zone", { exact: true }).selectOption("America/New_York");
    await dialog.getByLabel("Image or video", { exact: true }).setInputFiles({ name: "warm-up.mp4", mimeType: "video/mp4", buffer: VIDEO_HEADS.mp4() });
    await dialog.getByRole("button", { name: "Create training" }).click();
    expect(await toast(creator, "created")).toContain(`“${title}” created.`);
    await creator.getByRole("heading", { name: title }).waitFor();
    const trainingPath = new URL(creator.url()).pathname;
    expect(await detail(creator, "Places").textContent()).toBe("1 place left");
    expect(await detail(creator, "When").textContent()).toContain("09:30 (America/New York)");

    // Another member registers (taking the only place) and unregisters.
    const member = await browser.newPage({ javaScript });
    await signUp(member, { name: "Remi Registers", email: uniqueEmail("registers") });
    // Found by text: the search is kept in the address.
    await visit(member, "/user/trainings");
    await member.getByLabel("Search trainings").fill(title);
    await member.getByRole("button", { name: "Search", exact: true }).click();
    await member.waitForURL((url) => url.searchParams.get("q") === title);
    // With JS the address changes a moment before the found list is drawn: wait for its count.
    await member.getByRole("heading", { name: "1 training found" }).waitFor();
    expect(await member.getByTestId("training").count()).toBe(1);
    // The list names the training's zone too, as the events list does.
    expect(await member.getByTestId("training").textContent()).toContain("09:30 (America/New York) · ");
    await member.getByRole("link", { name: title }).click();
    await member.waitForURL(atPath(trainingPath));
    await hydrated(member);
    expect(await member.getByRole("link", { name: "Edit" }).count()).toBe(0);
    // The creator's video plays for every member.
    const video = member.locator("article video");
    expect(await video.getAttribute("preload")).toBe("none");
    expect((await member.request.get(new URL((await video.getAttribute("src")) ?? "", member.url()).href)).status()).toBe(200);
    await member.getByRole("button", { name: "Register" }).click();
    expect(await toast(member, "registered")).toContain(`You are registered for ${title}.`);
    expect(await detail(member, "Places").textContent()).toBe("Full");
    await dismissToast(member);
    await member.getByRole("button", { name: "Unregister" }).click();
    expect(await toast(member, "no longer")).toContain(`You are no longer registered for ${title}.`);
    expect(await detail(member, "Places").textContent()).toBe("1 place left");
    await dismissToast(member);
    await member.getByRole("button", { name: "Register" }).click();
    await member.getByRole("button", { name: "Unregister" }).waitFor();
    // The member's home page names it as their next training.
    await visit(member, "/user");
    expect(await member.getByTestId("next-training").textContent()).toContain(`Your next training: ${title}`);

    // The creator sees who registered, edits, and deletes after asking.
    await visit(creator, trainingPath);
    expect(await creator.getByRole("list", { name: "Registered members" }).textContent()).toContain("Remi Registers");
    await creator.getByRole("link", { name: "Edit", exact: true }).click();
    dialog = creator.getByRole("dialog", { name: `Edit ${title}` });
    await dialog.waitFor();
    await hydrated(creator);
    await dialog.getByLabel("Capacity", { exact: true }).fill("");
    await dialog.getByLabel("Title", { exact: true }).fill(renamed);
    await dialog.getByRole("button", { name: "Save" }).click();
    expect(await toast(creator, "saved")).toContain(`“${renamed}” saved.`);
    await creator.getByRole("heading", { name: renamed }).waitFor();
    expect(await detail(creator, "Places").textContent()).toBe("Unlimited places");
    await dismissToast(creator);

    await creator.getByRole("link", { name: "Delete", exact: true }).click();
    await confirmDeletion(creator, `Are you sure you want to delete the training “${renamed}”?`, "/user/trainings");
    expect(await toast(creator, "deleted")).toContain(`“${renamed}” deleted.`);
    await creator.getByRole("heading", { name: "Trainings", exact: true }).waitFor();
    expect(await creator.getByRole("link", { name: renamed }).count()).toBe(0);
  });
});
