// Longer than 200 lines: every promise the parser makes about real feeds (bytes, notes, dates,
// durations, enclosures, identity, iTunes and Podcasting 2.0 tags, size), one describe each, on
// the one feed builder below; split, the builder would be written again in each file.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { english } from "../../test/words";
import { FeedParseError } from "./feed-text";
import { fileIdentity, identityKeys, parseFeed as parseFeedInWords } from "./parse-feed";
import { parseFeedDate } from "./fields";

/** The feed as the owner reads its notes, in English. */
function parseFeed(body: Buffer, contentType?: string | null) {
  const feed = parseFeedInWords(body, contentType);
  return { ...feed, skipped: feed.skipped.map((note) => ({ title: english(note.title), reason: english(note.reason) })) };
}

const NAMESPACES =
  'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"';

/** A feed around the given items, as a UTF-8 string. */
const rss = (items: string, channel = "<title>Show</title>") =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ${NAMESPACES}><channel>${channel}${items}</channel></rss>`;
const audio = (url = "https://cdn.example/ep.mp3", type = "audio/mpeg") => `<enclosure url="${url}" length="1000" type="${type}"/>`;
const item = (inner: string, enclosure = audio()) => `<item>${inner}${enclosure}</item>`;
const parse = (xml: string, contentType?: string) => parseFeed(Buffer.from(xml), contentType);
const only = (xml: string) => {
  const { items, skipped } = parse(xml);
  expect(skipped).toEqual([]);
  expect(items).toHaveLength(1);
  return items[0]!;
};

function refusal(body: Buffer | string, contentType?: string): string {
  try {
    parseFeed(Buffer.isBuffer(body) ? body : Buffer.from(body), contentType);
  } catch (err) {
    expect(err).toBeInstanceOf(FeedParseError);
    return english((err as FeedParseError).words);
  }
  throw new Error("parsed without complaint");
}

describe("parseFeed: a show as a host publishes it (fixtures/hosted-show.xml)", () => {
  const feed = parseFeed(
    fs.readFileSync(path.join(import.meta.dirname, "fixtures", "hosted-show.xml")),
    "application/rss+xml; charset=utf-8",
  );

  it("when the feed is read, then the show's title, plain description, link, artwork and new address come out", () => {
    expect(feed).toMatchObject({
      title: "The Garden Hour",
      description: "Weekly conversations about growing food in small spaces.",
      link: "https://gardenhour.example/",
      imageUrl: "https://storage.example-host.com/artwork/show-3000.jpg",
      newFeedUrl: "https://feeds.example-host.com/1234.rss",
    });
  });

  it("when the channel names people, support and recommended shows, then they come out; a remote item without a feed address is left out", () => {
    expect(feed.people).toEqual([
      {
        name: "Ana Green",
        nameKey: "ana green",
        slugBase: "ana-green",
        role: "host",
        group: "cast",
        img: "https://storage.example-host.com/ana.jpg",
        href: "https://gardenhour.example/ana",
      },
    ]);
    expect(feed.links).toEqual({
      funding: [{ url: "https://gardenhour.example/support", label: "Support The Garden Hour" }],
      podroll: [{ url: "https://feeds.example.org/compost.xml", title: "The Compost Show" }],
    });
  });

  it("when items have audio, then they come in feed order; the video-only and audio-less ones are skipped with reasons", () => {
    expect(feed.items.map((i) => i.title)).toEqual([
      "12: Tomatoes on a Balcony",
      "Bonus: Listener Questions",
      "Season 2 Trailer",
      "1: Starting From Seed",
    ]);
    expect(feed.skipped).toEqual([
      { title: "Video Tour of the Allotment", reason: "no audio (video only)" },
      { title: "Announcement: We Are Moving Hosts", reason: "no audio file" },
    ]);
  });

  it("when an item is complete, then every episode field is read, notes sanitised and the best transcript kept", () => {
    const [episode] = feed.items;
    expect(episode).toEqual({
      rawHash: expect.any(String),
      keys: { guid: "Buzzsprout-17000012", enclosure: "www.example-host.com/episodes/1234/12.mp3", title: "12: tomatoes on a balcony" },
      slugBase: "12-tomatoes-on-a-balcony",
      guid: "Buzzsprout-17000012",
      title: "12: Tomatoes on a Balcony",
      showNotes:
        '<p>Which varieties thrive in pots &amp; how to water them.</p><ul><li>Cherry tomatoes</li><li>Drip irrigation</li></ul><p><a href="https://gardenhour.example/12" target="_blank" rel="noopener noreferrer nofollow ugc">Show notes</a></p>',
      summary: "Which varieties thrive in pots & how to water them. Cherry tomatoes Drip irrigation Show notes",
      publishedAt: new Date("2025-06-02T14:00:00Z"),
      durationSeconds: 3012,
      audioUrl: "https://www.example-host.com/episodes/1234/12.mp3?blob_id=998877&download=true",
      audioType: "audio/mpeg",
      audioLength: 48211456,
      imageUrl: "https://storage.example-host.com/artwork/ep12.jpg",
      seasonNumber: 2,
      episodeNumber: 12,
      episodeType: "full",
      link: "https://gardenhour.example/12",
      transcriptUrl: "https://www.example-host.com/episodes/1234/12/transcript.vtt",
      transcriptType: "text/vtt",
      chaptersUrl: "https://www.example-host.com/episodes/1234/12/chapters.json",
      people: [
        {
          name: "Bo Stone",
          nameKey: "bo stone",
          slugBase: "bo-stone",
          role: "guest",
          group: "cast",
          img: null,
          href: "https://example.org/bo",
        },
      ],
      // The socialInteract of the highest priority (the lowest number) with an address.
      discussionUrl: "https://x.example/gardenhour/status/1",
    });
  });

  it.each<[name: string, index: number, fields: Record<string, unknown>]>([
    [
      "when a bonus item has plain-text notes, an m4a file of length 0 and an EDT date, then each is read",
      1,
      {
        episodeType: "bonus",
        showNotes: "<p>Your questions, answered.</p><p>We cover compost &amp; worms.<br />And seeds.</p>",
        audioType: "audio/mp4",
        audioLength: null,
        publishedAt: new Date("2025-05-29T10:00:00Z"),
        durationSeconds: 845,
        imageUrl: "https://storage.example-host.com/artwork/show-3000.jpg",
        transcriptType: "application/x-subrip",
      },
    ],
    [
      "when a trailer has an http audio/mp3 file, itunes:summary notes, a date without weekday and a fractional duration, then each is read",
      2,
      {
        guid: "https://gardenhour.example/?p=311",
        episodeType: "trailer",
        audioUrl: "http://traffic.example-libsyn.com/gardenhour/trailer-s2.mp3",
        audioType: "audio/mpeg",
        audioLength: null,
        showNotes: "<p>A taste of what is coming in season two.</p>",
        publishedAt: new Date("2025-05-01T16:00:00Z"),
        durationSeconds: 105,
        seasonNumber: 2,
        episodeNumber: null,
        transcriptUrl: null,
        chaptersUrl: null,
        link: null,
      },
    ],
    [
      "when notes are escaped HTML with entities and the date is ISO 8601, then the HTML and the date come out",
      3,
      {
        showNotes: "<p>Our very first episode — seeds, soil &amp; patience.</p>",
        summary: "Our very first episode — seeds, soil & patience.",
        publishedAt: new Date("2024-03-04T09:30:00Z"),
        durationSeconds: 3130,
        seasonNumber: 1,
        episodeNumber: 1,
      },
    ],
  ])("%s", (_name, index, fields) => {
    expect(feed.items[index]).toMatchObject(fields);
  });
});

describe("parseFeed: bytes and what is not a feed", () => {
  const latin1Feed = (declaration: string) =>
    Buffer.from(
      `${declaration}<rss version="2.0"><channel><title>Caf\u00e9</title>${item("<title>Cr\u00e8me br\u00fbl\u00e9e</title>")}</channel></rss>`,
      "latin1",
    );

  it("when UTF-8 starts with a byte order mark, then the feed reads", () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(rss(item("<title>Café ☕</title>")))]);
    expect(parseFeed(body).items[0]!.title).toBe("Café ☕");
  });

  it("when the XML declaration says ISO-8859-1 or windows-1252, then latin1 bytes decode right", () => {
    const feed = parseFeed(latin1Feed('<?xml version="1.0" encoding="ISO-8859-1"?>'));
    expect(feed.title).toBe("Café");
    expect(feed.items[0]!.title).toBe("Crème brûlée");
    const quote = Buffer.from(
      '<?xml version="1.0" encoding="windows-1252"?><rss version="2.0"><channel><title>It\x92s</title></channel></rss>',
      "latin1",
    );
    expect(parseFeed(quote).title).toBe("It\u2019s");
  });

  it("when only the Content-Type names the charset, then it is used", () => {
    expect(parseFeed(latin1Feed(""), "application/rss+xml; charset=ISO-8859-1").title).toBe("Café");
  });

  it("when nothing names the charset and the bytes are not UTF-8, then they are read as windows-1252", () => {
    expect(parseFeed(latin1Feed('<?xml version="1.0"?>')).title).toBe("Café");
  });

  it("when the Content-Type says latin1 but the declaration says UTF-8 and the bytes are UTF-8, then UTF-8 wins", () => {
    expect(parse(rss(item("<title>Café</title>")), "text/xml; charset=iso-8859-1").items[0]!.title).toBe("Café");
  });

  it("when whitespace and a newline come before <?xml, then the feed reads", () => {
    expect(parse(`\n  \r\n${rss(item("<title>A</title>"))}`).items).toHaveLength(1);
  });

  it("when the address gives a web page, JSON, Atom, another XML document, garbage or nothing, then the message says what it is", () => {
    expect(refusal("<!DOCTYPE html>\n<html><head><title>Home</title></head><body><p>rss</p></body></html>")).toBe(
      "This address does not hold a podcast feed (it looks like a web page)",
    );
    expect(refusal("<html><body>Hi</body></html>")).toBe("This address does not hold a podcast feed (it looks like a web page)");
    expect(refusal('{"version":"https://jsonfeed.org/version/1.1","items":[]}')).toBe(
      "This address does not hold a podcast feed (it is a JSON document)",
    );
    expect(refusal('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>')).toBe(
      "This address does not hold a podcast feed (it is an Atom feed; podcast feeds are RSS)",
    );
    expect(refusal('<?xml version="1.0"?><opml version="2.0"><body/></opml>')).toBe(
      "This address does not hold a podcast feed (its XML is a <opml> document, not RSS)",
    );
    expect(refusal("\x00\x01binary garbage ###")).toBe("This address does not hold a podcast feed (it is not XML)");
    expect(refusal("   ")).toBe("This address does not hold a podcast feed (the file is empty)");
  });

  it("when the XML is malformed or cut short, then the message says the feed is not well-formed", () => {
    expect(refusal(rss("<item><title>A</b></item>"))).toMatch(/^The feed is not well-formed XML: .+/);
    expect(refusal(rss(item("<title>A</title>")).slice(0, -30))).toBe(
      "The feed is not well-formed XML: it ends before its closing </rss> tag",
    );
    // An item never closed: the reader alone would take the rest of the channel into it.
    expect(refusal(rss("<item><title>A</title><enclosure url='https://cdn.example/a.mp3' type='audio/mpeg'/>"))).toMatch(
      /^The feed is not well-formed XML: Expected closing tag 'item'.*\(line \d+\)$/,
    );
    // What podcast apps forgive is forgiven: a bare ampersand in a title.
    expect(only(rss(item("<title>Q & A</title>"))).title).toBe("Q & A");
  });

  it("when RSS has no channel, then it is not a podcast feed; a channel with no items is an empty feed", () => {
    expect(refusal('<rss version="2.0"></rss>')).toBe("This address does not hold a podcast feed (it is RSS without a channel)");
    expect(parse(rss(""))).toMatchObject({ title: "Show", items: [], skipped: [] });
  });

  it("when a DOCTYPE declares nested entities, then they are not expanded", () => {
    const lol = '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    expect(parse(`${lol}<rss version="2.0"><channel><title>&b;</title></channel></rss>`).title).not.toContain("aaaa");
  });
});

describe("parseFeed: show notes and titles", () => {
  it("when content:encoded, description and itunes:summary are all there, then content:encoded wins, then description, then the summary", () => {
    const all =
      "<content:encoded><![CDATA[<p>content</p>]]></content:encoded><description>description</description><itunes:summary>summary</itunes:summary>";
    expect(only(rss(item(`<title>A</title>${all}`))).showNotes).toBe("<p>content</p>");
    expect(
      only(rss(item("<title>A</title><description>description</description><itunes:summary>summary</itunes:summary>"))).showNotes,
    ).toBe("<p>description</p>");
    expect(only(rss(item("<title>A</title><itunes:summary>summary</itunes:summary>"))).showNotes).toBe("<p>summary</p>");
    expect(only(rss(item("<title>A</title>"))).showNotes).toBe("");
  });

  it("when notes carry entities, scripts and handlers, then entities are decoded and only the footer's allowlist stays", () => {
    const notes =
      "<description>&lt;p&gt;Tom &amp;amp; Jerry&amp;#8217;s&amp;nbsp;show&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;javascript:alert(1)&quot; onclick=&quot;x()&quot;&gt;x&lt;/a&gt;&lt;iframe src=&quot;https://evil.example&quot;&gt;&lt;/iframe&gt;</description>";
    const episode = only(rss(item(`<title>A</title>${notes}`)));
    expect(episode.showNotes).toBe("<p>Tom &amp; Jerry\u2019s\u00a0show</p><a>x</a>");
    expect(episode.summary).toBe("Tom & Jerry\u2019s show x");
  });

  it("when the notes run past 5000 characters, then the summary is cut at a word with an ellipsis", () => {
    const words = Array.from({ length: 1200 }, (_, i) => `word${i}`).join(" ");
    const { summary } = only(rss(item(`<title>A</title><description>${words}</description>`)));
    expect(summary.length).toBeLessThanOrEqual(5000);
    expect(summary).toMatch(/ word\d+…$/);
    expect(words.startsWith(summary.slice(0, -1))).toBe(true);
  });

  it("when a title has spaces, line breaks and entities (in text or CDATA), then it is trimmed, collapsed and decoded", () => {
    expect(only(rss(item("<title>\n  Tom &amp; Jerry&#8217;s&nbsp;\n  big   day </title>"))).title).toBe("Tom & Jerry\u2019s big day");
    expect(only(rss(item("<title><![CDATA[Q&amp;A <live>]]></title>"))).title).toBe("Q&A <live>");
  });

  it("when an item has no title, then it is named after its date, or 'Untitled episode' without one", () => {
    expect(only(rss(item("<pubDate>Mon, 02 Jun 2025 10:00:00 GMT</pubDate>"))).title).toBe("Episode of 2025-06-02");
    expect(only(rss(item("<title>  </title>"))).title).toBe("Untitled episode");
  });
});

describe("parseFeedDate", () => {
  it("when dates are RFC 822 with or without weekday, with GMT, offsets or US zones, or ISO 8601, then the instant is right", () => {
    const cases: Record<string, string> = {
      "Tue, 10 Jun 2003 04:00:00 GMT": "2003-06-10T04:00:00Z",
      "10 Jun 2003 04:00:00 GMT": "2003-06-10T04:00:00Z",
      "Tue, 10 Jun 2003 04:00:00 +0000": "2003-06-10T04:00:00Z",
      "Tue, 10 Jun 2003 04:00:00 -0500": "2003-06-10T09:00:00Z",
      "Tue, 10 Jun 2003 04:00:00 EST": "2003-06-10T09:00:00Z",
      "Tue, 10 Jun 2003 04:00:00 EDT": "2003-06-10T08:00:00Z",
      "Tue, 10 Jun 2003 04:00:00 PST": "2003-06-10T12:00:00Z",
      "Tuesday, 10 June 2003 04:00 +02:00": "2003-06-10T02:00:00Z",
      "Tue, 10 Jun 03 04:00:00 GMT": "2003-06-10T04:00:00Z",
      "  Tue,  10 Jun 2003  04:00:00 GMT ": "2003-06-10T04:00:00Z",
      "10 Jun 2003": "2003-06-10T00:00:00Z",
      "2003-06-10T04:00:00Z": "2003-06-10T04:00:00Z",
      "2003-06-10T04:00:00.250+02:00": "2003-06-10T02:00:00Z",
      "2003-06-10 04:00:00": "2003-06-10T04:00:00Z",
      "2003-06-10": "2003-06-10T00:00:00Z",
    };
    for (const [raw, iso] of Object.entries(cases)) expect(parseFeedDate(raw)?.toISOString(), raw).toBe(new Date(iso).toISOString());
  });

  it("when a date cannot be read, then it is null, never an Invalid Date", () => {
    for (const raw of [
      "",
      "yesterday",
      "Episode 12",
      "12",
      "31 Jun 2025 10:00:00 GMT",
      "2025-13-01",
      "2025-02-30",
      "Tue, 10 Foo 2003 04:00:00 GMT",
      "10 Jun 2003 25:00:00 GMT",
    ]) {
      expect(parseFeedDate(raw), raw).toBeNull();
    }
    expect(only(rss(item("<title>A</title><pubDate>not a date</pubDate>"))).publishedAt).toBeNull();
  });

  it("when an item has dc:date instead of pubDate, then that date is used", () => {
    const dc = '<dc:date xmlns:dc="http://purl.org/dc/elements/1.1/">2025-06-02T10:00:00Z</dc:date>';
    expect(only(rss(item(`<title>A</title>${dc}`))).publishedAt).toEqual(new Date("2025-06-02T10:00:00Z"));
  });
});

describe("parseFeed: durations", () => {
  it("when durations are seconds, MM:SS, HH:MM:SS or H:MM:SS, with fractions or spaces, then they are whole seconds; garbage is null", () => {
    const cases: [string, number | null][] = [
      ["3600", 3600],
      ["3600.4", 3600],
      ["45:12", 2712],
      ["01:02:03", 3723],
      ["1:02:03", 3723],
      ["1:02:03.5", 3724],
      ["00:45:12,250", 2712],
      [" 1:00 ", 60],
      ["abc", null],
      ["", null],
      ["-5", null],
      ["1:xx", null],
    ];
    const items = cases.map(([d], i) => item(`<title>${i}</title><itunes:duration>${d}</itunes:duration>`)).join("");
    expect(parse(rss(items)).items.map((i) => i.durationSeconds)).toEqual(cases.map(([, seconds]) => seconds));
  });
});

describe("parseFeed: enclosures", () => {
  it("when the enclosure's type is an audio spelling hosts use, then the item is kept with the standard type", () => {
    const types: [string, string][] = [
      ["audio/mpeg", "audio/mpeg"],
      ["audio/mp3", "audio/mpeg"],
      ["x-audio/mp3", "audio/mpeg"],
      ["audio/x-m4a", "audio/mp4"],
      ["audio/mp4", "audio/mp4"],
      ["Audio/MPEG; charset=binary", "audio/mpeg"],
      ["audio/ogg", "audio/ogg"],
    ];
    const items = types.map(([type], i) => item(`<title>${i}</title>`, audio(`https://cdn.example/${i}.bin`, type))).join("");
    expect(parse(rss(items)).items.map((i) => i.audioType)).toEqual(types.map(([, type]) => type));
  });

  it("when the type is missing or generic, then the file extension decides", () => {
    const items = [
      item("<title>a</title>", '<enclosure url="https://cdn.example/a.mp3?token=1" length="5"/>'),
      item("<title>b</title>", '<enclosure url="https://cdn.example/b.M4A" type=""/>'),
      item("<title>c</title>", '<enclosure url="https://cdn.example/c.mp3" type="application/octet-stream"/>'),
      item("<title>d</title>", '<enclosure url="https://cdn.example/d.mp4"/>'),
    ].join("");
    const feed = parse(rss(items));
    expect(feed.items.map((i) => i.audioType)).toEqual(["audio/mpeg", "audio/mp4", "audio/mpeg"]);
    expect(feed.skipped).toEqual([{ title: "d", reason: "no audio (video only)" }]);
  });

  it("when an item has a video and an audio enclosure, then the audio one is used", () => {
    const both = audio("https://cdn.example/v.mp4", "video/mp4") + audio("https://cdn.example/a.mp3", "audio/mpeg");
    expect(only(rss(item("<title>A</title>", both))).audioUrl).toBe("https://cdn.example/a.mp3");
  });

  it("when the enclosure is missing, video only, relative or not http(s), then the item is skipped with a reason", () => {
    const items = [
      item("<title>none</title>", ""),
      item("<title>video</title>", audio("https://cdn.example/v.mp4", "video/mp4")),
      item("<title>relative</title>", audio("/episodes/1.mp3")),
      item("<title>ftp</title>", audio("ftp://cdn.example/1.mp3")),
      item("<title>script</title>", audio("javascript:alert(1)")),
      item("<title>pdf</title>", audio("https://cdn.example/notes.pdf", "application/pdf")),
    ].join("");
    const notHttp = "the audio file's address is not a full http or https address";
    expect(parse(rss(items)).skipped).toEqual([
      { title: "none", reason: "no audio file" },
      { title: "video", reason: "no audio (video only)" },
      { title: "relative", reason: notHttp },
      { title: "ftp", reason: notHttp },
      { title: "script", reason: notHttp },
      { title: "pdf", reason: "no audio file" },
    ]);
  });

  it("when the length is a number, then it is an integer; missing, zero or garbage, then null", () => {
    const lengths = ['length="123"', 'length="123.9"', 'length=""', 'length="0"', 'length="big"', ""];
    const items = lengths
      .map((length, i) => item(`<title>${i}</title>`, `<enclosure url="https://cdn.example/${i}.mp3" ${length} type="audio/mpeg"/>`))
      .join("");
    expect(parse(rss(items)).items.map((i) => i.audioLength)).toEqual([123, 123, null, null, null, null]);
  });
});

describe("parseFeed: identity", () => {
  it("when guids are missing, padded or repeated, then they are null, trimmed, and the later item with a repeated guid is skipped, saying why", () => {
    const items = [
      item("<title>a</title>"),
      item('<title>b</title><guid isPermaLink="false">  id-1  </guid>'),
      item("<title>c</title><guid>id-1</guid>", audio("https://cdn.example/c.mp3")),
      item("<title>d</title><guid></guid>"),
    ].join("");
    const feed = parse(rss(items));
    expect(feed.items.map((i) => [i.title, i.guid])).toEqual([
      ["a", null],
      ["b", "id-1"],
      ["d", null],
    ]);
    expect(feed.skipped).toEqual([{ title: "c", reason: 'it repeats the guid "id-1" of an earlier item ("b")' }]);
  });

  it("when audio addresses go through a tracking prefix, then the file they wrap is what identifies the item", () => {
    const podtrac = "http://www.podtrac.com/pts/redirect.mp3?http://taverncast.com/shows/taverncast-63.mp3";
    expect(fileIdentity(podtrac)).toBe("taverncast.com/shows/taverncast-63.mp3");
    expect(fileIdentity("http://www.podtrac.com/pts/redirect.mp3?http://taverncast.com/shows/taverncast-62.mp3")).not.toBe(
      fileIdentity(podtrac),
    );
    expect(fileIdentity("https://dts.podtrac.com/redirect.mp3/chrt.fm/track/ABC12/traffic.megaphone.fm/GLT123.mp3?updated=1")).toBe(
      "traffic.megaphone.fm/GLT123.mp3",
    );
    expect(fileIdentity("https://pdst.fm/e/chtbl.com/track/X1/www.example-host.com/ep/12.mp3")).toBe("www.example-host.com/ep/12.mp3");
    expect(fileIdentity("https://media.example/ep1.mp3?v=999")).toBe(fileIdentity("https://media.example/ep1.mp3?v=1"));
    expect(fileIdentity("https://op3.dev/e/https://cdn.example/a.mp3")).toBe("cdn.example/a.mp3");
  });

  it("when identity keys are taken, then the enclosure drops scheme, query and fragment, and the title ignores case and spacing", () => {
    const episode = only(
      rss(item("<title>  The  BIG Day </title>", audio("https://CDN.Example:8443/shows/Ep1.mp3?token=abc&amp;x=1#t=10"))),
    );
    expect(identityKeys(episode)).toEqual({ guid: null, enclosure: "cdn.example:8443/shows/Ep1.mp3", title: "the big day" });
    const plain = only(rss(item("<title>x</title>", audio("http://cdn.example/shows/Ep1.mp3"))));
    const secure = only(rss(item("<title>x</title>", audio("https://cdn.example/shows/Ep1.mp3?rotated=1"))));
    expect(identityKeys(plain).enclosure).toBe(identityKeys(secure).enclosure);
  });
});

describe("parseFeed: iTunes and Podcasting 2.0 tags", () => {
  it("when transcripts of several types are offered, then VTT, then SRT, then JSON, then HTML is kept; others are ignored", () => {
    const t = (type: string) => `<podcast:transcript url="https://t.example/${type.replace("/", "-")}" type="${type}"/>`;
    const pick = (...types: string[]) => {
      const episode = only(rss(item(`<title>A</title>${types.map(t).join("")}`)));
      return episode.transcriptType;
    };
    expect(pick("text/html", "application/json", "application/srt")).toBe("application/srt");
    expect(pick("text/html", "application/json")).toBe("application/json");
    expect(pick("text/html")).toBe("text/html");
    expect(pick("text/plain")).toBeNull();
    expect(only(rss(item(`<title>A</title>${t("text/vtt")}`))).transcriptUrl).toBe("https://t.example/text-vtt");
  });

  it("when podcast:season and itunes:season disagree, then podcast: wins; without it, itunes: is used", () => {
    const both = only(
      rss(
        item(
          "<title>A</title><itunes:season>1</itunes:season><itunes:episode>3</itunes:episode><podcast:season>2</podcast:season><podcast:episode>7</podcast:episode>",
        ),
      ),
    );
    expect([both.seasonNumber, both.episodeNumber]).toEqual([2, 7]);
    const itunes = only(rss(item("<title>A</title><itunes:season>1</itunes:season><itunes:episode>3</itunes:episode>")));
    expect([itunes.seasonNumber, itunes.episodeNumber]).toEqual([1, 3]);
  });

  it("when only podcast:season and podcast:episode give numbers, then they are used; a fractional episode is not a number", () => {
    const episode = only(
      rss(item('<title>A</title><podcast:season name="Two">2</podcast:season><podcast:episode display="Ep 7">7</podcast:episode>')),
    );
    expect([episode.seasonNumber, episode.episodeNumber]).toEqual([2, 7]);
    expect(only(rss(item("<title>A</title><podcast:episode>7.5</podcast:episode>"))).episodeNumber).toBeNull();
  });

  it("when podcast:person, podcast:soundbite and unknown tags are present, then parsing goes on", () => {
    const extra =
      '<podcast:person role="guest" href="https://p.example">Jo</podcast:person><podcast:soundbite startTime="1" duration="30"/><podcast:unknown a="b">x</podcast:unknown><foo:bar xmlns:foo="urn:x">y</foo:bar>';
    expect(only(rss(item(`<title>A</title>${extra}`))).title).toBe("A");
  });

  it("when itunes:episodeType is missing, capitalised or unknown, then it reads full, trailer or bonus", () => {
    const types = [
      "",
      "<itunes:episodeType>Trailer</itunes:episodeType>",
      "<itunes:episodeType> BONUS </itunes:episodeType>",
      "<itunes:episodeType>special</itunes:episodeType>",
    ];
    const items = types.map((type, i) => item(`<title>${i}</title>${type}`)).join("");
    expect(parse(rss(items)).items.map((i) => i.episodeType)).toEqual(["full", "trailer", "bonus", "full"]);
  });

  it("when an item has no artwork of its own, then the show's is used: itunes:image first, then <image><url>", () => {
    const channel = "<title>S</title><image><url>https://img.example/rss.jpg</url><title>S</title><link>https://s.example</link></image>";
    expect(only(rss(item("<title>A</title>"), channel)).imageUrl).toBe("https://img.example/rss.jpg");
    expect(only(rss(item("<title>A</title>"), `${channel}<itunes:image href="https://img.example/itunes.jpg"/>`)).imageUrl).toBe(
      "https://img.example/itunes.jpg",
    );
    expect(only(rss(item('<title>A</title><itunes:image href="https://img.example/ep.jpg"/>'), channel)).imageUrl).toBe(
      "https://img.example/ep.jpg",
    );
    expect(only(rss(item("<title>A</title>"), "<title>S</title>")).imageUrl).toBeNull();
  });

  it("when links and the new feed address are relative or not http(s), then they are null", () => {
    const feed = parse(
      rss(
        item("<title>A</title><link>/episodes/a</link>"),
        "<title>S</title><link>javascript:x</link><itunes:new-feed-url>/feed</itunes:new-feed-url>",
      ),
    );
    expect([feed.link, feed.newFeedUrl, feed.items[0]!.link]).toEqual([null, null, null]);
  });
});

describe("parseFeed: big feeds", () => {
  it("when a feed holds 1,000 items (about 2.5 MB), then every one is read, in feed order", () => {
    const notes =
      `<p>${"In this episode we talk about soil, seeds, light and a great deal of patience. ".repeat(12)}</p>` +
      '<ul><li><a href="https://example.com/a">The seed catalogue</a></li><li><a href="https://example.com/b">Our guest</a></li></ul>' +
      `<p>${"Thanks for listening, and see you next week in the garden. ".repeat(12)}</p>`;
    const items = Array.from({ length: 1000 }, (_, i) =>
      item(
        `<title>Episode ${1000 - i}</title><guid>ep-${1000 - i}</guid><pubDate>${new Date(Date.UTC(2020, 0, 1) + (1000 - i) * 86_400_000).toUTCString()}</pubDate>` +
          `<itunes:duration>${i % 2 ? "3600" : "1:00:00"}</itunes:duration><content:encoded><![CDATA[${notes}]]></content:encoded>`,
        audio(`https://cdn.example/ep-${1000 - i}.mp3`),
      ),
    ).join("\n");
    const xml = rss(items);
    expect(xml.length).toBeGreaterThan(2_000_000);

    const feed = parse(xml);

    expect(feed.items).toHaveLength(1000);
    expect(feed.skipped).toEqual([]);
    expect(feed.items[0]!.title).toBe("Episode 1000");
    expect(feed.items[999]!.title).toBe("Episode 1");
    expect(feed.items.every((i) => i.durationSeconds === 3600)).toBe(true);
  }, 30_000);
});

describe("parseFeed: people, support, discussion and recommended shows (bad input never stops a sync)", () => {
  const person = (attrs: string, name: string) => `<podcast:person ${attrs}>${name}</podcast:person>`;

  it("when an item names people, then each comes with role and group (host and cast when unsaid), a web picture and link only, in order, each once", () => {
    const episode = only(
      rss(
        item(
          `<title>A</title>${person('role="Guest" group="Cast" img="https://i.example/jo.png" href="https://jo.example"', " Jo  Park ")}${person(
            'img="ftp://i.example/x.png" href="javascript:alert(1)"',
            "Ann &amp; Co",
          )}${person('role="guest"', "jo park")}${person('role="Producer" group="Audio Post-Production"', "Jo Park")}`,
        ),
      ),
    );
    expect(episode.people).toEqual([
      {
        name: "Jo Park",
        nameKey: "jo park",
        slugBase: "jo-park",
        role: "guest",
        group: "cast",
        img: "https://i.example/jo.png",
        href: "https://jo.example/",
      },
      { name: "Ann & Co", nameKey: "ann & co", slugBase: "ann-co", role: "host", group: "cast", img: null, href: null },
      { name: "Jo Park", nameKey: "jo park", slugBase: "jo-park", role: "producer", group: "audio post-production", img: null, href: null },
    ]);
  });

  it("when person tags have no name, then they are left out and the sync result says so; the item stays", () => {
    const { items, skipped } = parse(
      rss(item(`<title>A</title>${person('role="guest"', " ")}${person('href="https://x.example"', "&#160; ")}${person("", "Jo")}`)),
    );
    expect(items[0]!.people.map((p) => p.name)).toEqual(["Jo"]);
    expect(skipped).toEqual([{ title: "A", reason: "2 podcast:person tags without a name were left out" }]);
  });

  it("when an item names 1,204 people, then the first 50 are kept and the rest are said to be left out", () => {
    const many = Array.from({ length: 1_204 }, (_, i) => person('role="guest"', `Person ${i}`)).join("");
    const { items, skipped } = parse(rss(item(`<title>Crowd</title>${many}`)));
    expect(items[0]!.people).toHaveLength(50);
    expect(items[0]!.people[49]!.name).toBe("Person 49");
    expect(skipped).toEqual([{ title: "Crowd", reason: "it names more than 50 people: 1154 more were left out" }]);
  });

  it("when hundreds of items each have a nameless person, then the notes stop at 50 and say how many more", () => {
    const items = Array.from({ length: 120 }, (_, i) => item(`<title>E${i}</title><guid>g${i}</guid>${person('role="guest"', "")}`)).join(
      "",
    );
    const { skipped } = parse(rss(items));
    expect(skipped).toHaveLength(51);
    expect(skipped.at(-1)).toEqual({ title: "70 more", reason: "more people or links were left out for the reasons above" });
  });

  it("when a support link is not http(s), then it is left out and said; the tag's text is its label, or empty", () => {
    const channel = `<title>S</title><podcast:funding url="https://pay.example/s">  Back us!  </podcast:funding><podcast:funding url="javascript:alert(1)">Bad</podcast:funding><podcast:funding url="bitcoin:abc"/><podcast:funding url="https://two.example/"/>`;
    const { links, skipped } = parse(rss(item("<title>A</title>"), channel));
    expect(links.funding).toEqual([
      { url: "https://pay.example/s", label: "Back us!" },
      { url: "https://two.example/", label: "" },
    ]);
    expect(skipped).toEqual([
      { title: "Support link", reason: 'its address "javascript:alert(1)" is not an http or https address' },
      { title: "Support link", reason: 'its address "bitcoin:abc" is not an http or https address' },
    ]);
  });

  it("when any socialInteract of an item says disabled, then there is no discussion link; one without a web address is passed over", () => {
    const si = (protocol: string, uri = "https://social.example/p/1") => `<podcast:socialInteract protocol="${protocol}" uri="${uri}"/>`;
    expect(only(rss(item(`<title>A</title>${si("activitypub")}${si("disabled")}`))).discussionUrl).toBeNull();
    expect(only(rss(item(`<title>A</title>${si("activitypub", "at://did:plc:x/post/1")}${si("lemmy")}`))).discussionUrl).toBe(
      "https://social.example/p/1",
    );
    expect(only(rss(item("<title>A</title>"))).discussionUrl).toBeNull();
  });

  it("when the channel names people and hosts, then the About page's hosts are its hosts in the cast", () => {
    const channel = `<title>S</title>${person("", "Ana")}${person('role="guest"', "Bo")}${person('group="writing" role="host"', "Cy")}`;
    const feed = parse(rss(item("<title>A</title>"), channel));
    expect(feed.people.map((p) => p.name)).toEqual(["Ana", "Bo", "Cy"]);
    expect(feed.hosts).toEqual([{ name: "Ana", role: "Host", img: null, href: null }]);
  });
});
