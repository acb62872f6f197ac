import Testing
@testable import Shell
