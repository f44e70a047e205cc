import LarderCore
import Testing

/// CSV as recipe apps write it: quoted cells holding commas, line breaks and doubled quotes,
/// CRLF rows, and a semicolon or tab instead of the comma.
struct CSVTableTests {
    @Test func quotedCellsKeepCommasLineBreaksAndQuotes() throws {
        let table = try CSVTable.parse("\u{FEFF}Title,Ingredients\r\n\"Soup, hot\",\"1 onion\r\n2 \"\"big\"\" carrots\"\r\n\r\nTea,1 bag\r\n")
        #expect(table.header == ["Title", "Ingredients"])
        #expect(table.rows.map(\.cells) == [["Soup, hot", "1 onion\r\n2 \"big\" carrots"], ["Tea", "1 bag"]])
        #expect(table.rows.map(\.line) == [2, 5])
        #expect(table.unclosedRowLine == nil)
    }

    @Test func theDelimiterIsTheOneTheHeaderUses() throws {
        #expect(try CSVTable.parse("name;tags\nPie;a,b\n").rows.first?.cells == ["Pie", "a,b"])
        #expect(try CSVTable.parse("name\ttags\nPie\ta;b\n").rows.first?.cells == ["Pie", "a;b"])
    }

    @Test func headersAreMatchedLoosely() throws {
        let table = try CSVTable.parse("Prep Time,cook_time,totalTime\n10,20,30\n")
        #expect(table.records.first?.cells == ["preptime": "10", "cooktime": "20", "totaltime": "30"])
    }

    @Test func aCellThatNeverClosesIsReportedNotSwallowed() throws {
        let table = try CSVTable.parse("a,b\n1,2\n3,\"four\n")
        #expect(table.rows.map(\.cells) == [["1", "2"]])
        #expect(table.unclosedRowLine == 3)
        #expect(throws: CSVTable.SyntaxError.self) { try CSVTable.parse("") }
    }
}
