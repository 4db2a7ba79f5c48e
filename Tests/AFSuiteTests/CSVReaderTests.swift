import Testing

@testable import AFSuite

/// CSV as RFC 4180 writes it, and the problems a data file can have, with their lines.
struct CSVReaderTests {
    private func values(_ text: String) throws -> [[String]] {
        try CSVReader.records(text).map { $0.map { "\($0.name)=\($0.value)" } }
    }

    @Test func headerThenRecords() throws {
        #expect(try values("id,name\n1,alice\n2,bob\n") == [["id=1", "name=alice"], ["id=2", "name=bob"]])
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "id,note\r\n1,\"a, b\"\r\n2,\"say \"\"hi\"\"\"\r\n3,\"two\nlines\"\r\n4,\"\"\r\n"
        #expect(
            try values(text) == [
                ["id=1", "note=a, b"], ["id=2", "note=say \"hi\""], ["id=3", "note=two\nlines"], ["id=4", "note="],
            ]
        )
    }

    @Test func byteOrderMarkBlankLinesAndNoFinalNewline() throws {
        #expect(try values("\u{FEFF}id\n\n7\n\n8") == [["id=7"], ["id=8"]])
    }

    @Test func headerNamesAreTrimmed() throws {
        #expect(try values(" id , name \n1,x\n") == [["id=1", "name=x"]])
    }

    @Test(arguments: [
        ("", 1, "the file is empty; the first line names the columns"),
        ("id,name\n1,alice\n2\n", 3, "1 fields where the header has 2"),
        ("id,,x\n1,2,3\n", 1, "a column of the header line has no name"),
        ("id,id\n1,2\n", 1, "column `id` is named twice"),
        ("id,note\n1,ok\n2,\"open\nstill open\n", 3, "a quoted field is not closed"),
        ("id,note\n1,a\"b\n", 2, "a quote inside an unquoted field; quote the whole field and write a quote as \"\""),
        (
            "id,note\n1, \"a,b\"\n", 2,
            "a quote inside an unquoted field; quote the whole field and write a quote as \"\""
        ),
        (
            "id,note\n1,\"ab\"cd\n", 2,
            "text after the closing quote of a field; a quoted field ends at the comma or the line end"
        ),
    ])
    func problemsNameTheirLine(text: String, line: Int, message: String) {
        #expect(throws: CSVReader.Problem(line: line, message: message)) { try CSVReader.records(text) }
    }
}
