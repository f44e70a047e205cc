import Foundation
import LarderNet
import Testing

/// robots.txt read as RFC 9309 says: groups, the product token, the longest match, `*` and `$`,
/// percent-encoding, and a bound on what is read.
struct RobotsTxtTests {
    func rules(_ text: String, agent: String = "Larder") -> RobotsRules {
        RobotsTxt(Data(text.utf8)).rules(for: agent)
    }

    func allowed(_ rules: RobotsRules, _ path: String) -> Bool {
        rules.verdict(for: URL(string: "https://example.org" + path)!).allowed
    }

    @Test func theLongestMatchWinsAndAllowWinsATie() {
        let robots = rules("""
            User-agent: *
            Disallow: /recipes/
            Allow: /recipes/soup
            Disallow: /recipes/soup-secret
            Allow: /page
            Disallow: /page
            """)
        #expect(!allowed(robots, "/recipes/stew"))
        #expect(allowed(robots, "/recipes/soup-of-the-day"))
        #expect(!allowed(robots, "/recipes/soup-secret-sauce"))
        #expect(allowed(robots, "/page"))  // as long as each other: Allow
        #expect(allowed(robots, "/about"))
        #expect(robots.verdict(for: URL(string: "https://example.org/recipes/stew")!).rule == "Disallow: /recipes/")
    }

    @Test func wildcardsAndTheEndAnchor() {
        let robots = rules("""
            user-agent: *
            disallow: /*.pdf$
            disallow: /print/*/full
            disallow: /*?sessionid=
            allow: /$
            disallow: /
            """)
        #expect(allowed(robots, "/"))
        #expect(!allowed(robots, "/index.html"))
        let open = rules("User-agent: *\nDisallow: /*.pdf$\nDisallow: /print/*/full\nDisallow: /*?sessionid=")
        #expect(!allowed(open, "/books/cake.pdf"))
        #expect(allowed(open, "/books/cake.pdf.html"))
        #expect(!allowed(open, "/print/42/full"))
        #expect(!allowed(open, "/print/42/full/page"))
        #expect(allowed(open, "/print/42/short"))
        #expect(!allowed(open, "/list?sessionid=9"))
        #expect(allowed(open, "/list?page=2&sessionid=9"))  // the rule names `?sessionid=`, not `&sessionid=`
        #expect(allowed(open, "/list?page=2"))
    }

    /// A group for Larder replaces `*`; groups that name Larder are one group; the product token
    /// is compared without case and without a version.
    @Test func theGroupForLarderElseStar() {
        let text = """
            User-agent: *
            Disallow: /

            User-agent: OtherBot
            User-agent: LARDER/2.0
            Disallow: /drafts/

            User-agent: googlebot
            Disallow: /nothing-for-google/

            user-agent: larder
            disallow: /private/
            """
        let larder = rules(text)
        #expect(allowed(larder, "/recipes/stew"))
        #expect(!allowed(larder, "/drafts/x"))
        #expect(!allowed(larder, "/private/x"))
        #expect(!allowed(rules(text, agent: "SomeoneElse"), "/recipes/stew"))
        // No group for the crawler and no `*`: no rule applies.
        #expect(allowed(rules("User-agent: OtherBot\nDisallow: /"), "/anything"))
    }

    /// A user-agent line after a rule starts a new group; rules before any group are ignored;
    /// an empty Disallow is no rule; /robots.txt is always allowed.
    @Test func groupsAndEmptyRules() {
        let robots = rules("""
            Disallow: /ungrouped/
            User-agent: Larder
            Disallow:
            User-agent: OtherBot
            Disallow: /other/
            """)
        #expect(allowed(robots, "/ungrouped/page"))
        #expect(allowed(robots, "/other/page"))
        #expect(allowed(rules("User-agent: *\nDisallow: /"), "/robots.txt"))
    }

    @Test func percentEncodingIsComparedCanonically() {
        let robots = rules("User-agent: *\nDisallow: /caf%c3%a9/\nDisallow: /a%2Fb\nDisallow: /%7Euser/\nDisallow: /star%2A")
        #expect(!allowed(robots, "/café/menu"))
        #expect(!allowed(robots, "/caf%C3%A9/menu"))
        #expect(!allowed(robots, "/a%2fb"))
        #expect(allowed(robots, "/a/b"))  // an encoded slash is not a slash
        #expect(!allowed(robots, "/~user/"))
        #expect(!allowed(robots, "/star*"))
        #expect(allowed(robots, "/start"))
    }

    @Test func crawlDelayAndSitemaps() {
        let file = RobotsTxt(Data("""
            Sitemap: https://example.org/sitemap.xml
            User-agent: *
            Crawl-delay: 2
            User-agent: Larder
            Crawl-delay: 0.5
            Disallow: /x
            sitemap: https://cdn.example.org/more.xml.gz
            """.utf8))
        #expect(file.rules(for: "Larder").crawlDelay == 0.5)
        #expect(file.rules(for: "Other").crawlDelay == 2)
        #expect(file.sitemaps == ["https://example.org/sitemap.xml", "https://cdn.example.org/more.xml.gz"])
    }

    /// Only the first 500 KiB are read: a rule past them does not count, however long the file.
    @Test func aHugeFileIsReadToFiveHundredKibibytes() {
        let filler = String(repeating: "# padding padding padding padding padding padding padding\n", count: 10_000)
        #expect(filler.utf8.count > RobotsTxt.parseLimit)
        let robots = rules("User-agent: *\nDisallow: /early/\n" + filler + "Disallow: /late/\n")
        #expect(!allowed(robots, "/early/page"))
        #expect(allowed(robots, "/late/page"))
    }

    /// A hostile pattern of many wildcards is matched (in pattern × path steps, not exponentially many).
    @Test func manyWildcardsStayCheap() {
        let pattern = String(repeating: "*a", count: 2000) + "b"
        let robots = rules("User-agent: *\nDisallow: /\(pattern)")
        #expect(allowed(robots, "/" + String(repeating: "a", count: 4000)))
        #expect(!allowed(robots, "/" + String(repeating: "a", count: 4000) + "b"))
    }
}
