/// Look-alikes the generated table (ConfusablesData.swift) leaves out or maps
/// to something that still differs from the Latin letter a reader sees, added
/// by hand after session 12's play test (`ʟᴜᴄɪᴀ` passed for Lucia, `Ŀucia`
/// kept its middle dot, `ᏆI` in `ᎪᎠᎪ ᏦᎪᏆ` was no I). Same format as
/// `ConfusablesData.mappings`; applied over it.
enum ConfusablesSupplement {
    static let mappings = """
    1D00>61 299>62 1D04>63 1D05>64 1D07>65 A730>66 262>67 29C>68 26A>69 1D0A>6A 1D0B>6B 29F>6C 1D0D>6D 274>6E
    1D0F>6F 1D18>70 280>72 A731>73 1D1B>74 1D1C>75 1D20>76 1D21>77 28F>79 1D22>7A
    13F>4C 140>6C 13C6>6C 13A2>54 13A5>69 13A9>59 13AB>4A 13B3>57 13B7>4D 13BB>48 13C0>47 13C2>68 13C3>5A
    13CF>62 13D2>52 13D4>57 13D5>53 13D9>56 13DA>53 13DE>4C 13DF>43 13E2>50 13E6>4B 13E7>64 13F4>42
    """
}
