// A CMYK profile for the colour tests: see include/CColourFixtures.h.
#include "CColourFixtures.h"

#include <lcms2.h>

/// The two transforms the samplers go through, one pair per call: the tests make this profile on
/// several threads at once (a pair kept in statics was deleted by one call under another's samples).
typedef struct { cmsHTRANSFORM srgb_to_lab, lab_to_srgb; } transforms;

/// A2B0: CMYK (16-bit) to Lab (16-bit, ICC encoding).
static int cmyk_to_lab(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
    const transforms *t = cargo;
    double c = in[0] / 65535.0, m = in[1] / 65535.0, y = in[2] / 65535.0, k = in[3] / 65535.0;
    double rgb[3] = { (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k) };
    cmsCIELab lab;
    cmsDoTransform(t->srgb_to_lab, rgb, &lab, 1);
    cmsFloat2LabEncoded(out, &lab);
    return 1;
}

/// B2A0: Lab (16-bit, ICC encoding) to CMYK (16-bit), grey component in K.
static int lab_to_cmyk(const cmsUInt16Number in[], cmsUInt16Number out[], void *cargo) {
    const transforms *t = cargo;
    cmsCIELab lab;
    cmsLabEncoded2Float(&lab, in);
    double rgb[3];
    cmsDoTransform(t->lab_to_srgb, &lab, rgb, 1);
    double c = 1 - rgb[0], m = 1 - rgb[1], y = 1 - rgb[2];
    for (int i = 0; i < 3; i++) {
        double *v = i == 0 ? &c : i == 1 ? &m : &y;
        if (*v < 0) *v = 0;
        if (*v > 1) *v = 1;
    }
    double k = c < m ? (c < y ? c : y) : (m < y ? m : y);
    double rest = k < 1 ? 1 / (1 - k) : 0;
    double cmyk[4] = { (c - k) * rest, (m - k) * rest, (y - k) * rest, k };
    for (int i = 0; i < 4; i++) out[i] = (cmsUInt16Number)(cmyk[i] * 65535 + 0.5);
    return 1;
}

/// A pipeline of one table of 17 points a channel, sampled by `sampler`, between identity curves
/// (ICC v4's lutAToB and lutBToA have curves on both sides of a table).
static cmsPipeline *table(int inputs, int outputs, cmsSAMPLER16 sampler, transforms *cargo) {
    cmsPipeline *pipeline = cmsPipelineAlloc(NULL, (cmsUInt32Number)inputs, (cmsUInt32Number)outputs);
    cmsStage *before = cmsStageAllocToneCurves(NULL, (cmsUInt32Number)inputs, NULL);
    cmsStage *clut = cmsStageAllocCLut16bit(NULL, 17, (cmsUInt32Number)inputs, (cmsUInt32Number)outputs, NULL);
    cmsStage *after = cmsStageAllocToneCurves(NULL, (cmsUInt32Number)outputs, NULL);
    if (pipeline == NULL || before == NULL || clut == NULL || after == NULL || !cmsStageSampleCLut16bit(clut, sampler, cargo, 0)
        || !cmsPipelineInsertStage(pipeline, cmsAT_END, before) || !cmsPipelineInsertStage(pipeline, cmsAT_END, clut)
        || !cmsPipelineInsertStage(pipeline, cmsAT_END, after)) {
        if (pipeline) cmsPipelineFree(pipeline);
        return NULL;
    }
    return pipeline;
}

size_t pz_fixture_cmyk_profile(void *out, size_t capacity) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfile(), lab = cmsCreateLab4Profile(NULL);
    transforms t = {
        cmsCreateTransform(srgb, TYPE_RGB_DBL, lab, TYPE_Lab_DBL, INTENT_RELATIVE_COLORIMETRIC, 0),
        cmsCreateTransform(lab, TYPE_Lab_DBL, srgb, TYPE_RGB_DBL, INTENT_RELATIVE_COLORIMETRIC, 0),
    };
    cmsCloseProfile(srgb);
    cmsCloseProfile(lab);
    size_t written = 0;
    cmsHPROFILE profile = cmsCreateProfilePlaceholder(NULL);
    cmsPipeline *a2b = t.srgb_to_lab && t.lab_to_srgb ? table(4, 3, cmyk_to_lab, &t) : NULL;
    cmsPipeline *b2a = t.srgb_to_lab && t.lab_to_srgb ? table(3, 4, lab_to_cmyk, &t) : NULL;
    if (profile && a2b && b2a) {
        cmsSetProfileVersion(profile, 4.3);
        cmsSetDeviceClass(profile, cmsSigOutputClass);
        cmsSetColorSpace(profile, cmsSigCmykData);
        cmsSetPCS(profile, cmsSigLabData);
        cmsSetHeaderRenderingIntent(profile, INTENT_PERCEPTUAL);
        cmsMLU *text = cmsMLUalloc(NULL, 1);
        cmsMLUsetASCII(text, "en", "US", "PhotoZoom test CMYK (plain ink)");
        cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
        cmsMLUsetASCII(text, "en", "US", "No copyright: a test fixture");
        cmsWriteTag(profile, cmsSigCopyrightTag, text);
        cmsMLUfree(text);
        cmsWriteTag(profile, cmsSigMediaWhitePointTag, cmsD50_XYZ());
        cmsWriteTag(profile, cmsSigAToB0Tag, a2b);
        cmsWriteTag(profile, cmsSigBToA0Tag, b2a);
        cmsUInt32Number needed = 0;
        if (cmsSaveProfileToMem(profile, NULL, &needed) && needed <= capacity && cmsSaveProfileToMem(profile, out, &needed)) written = needed;
    }
    if (a2b) cmsPipelineFree(a2b);
    if (b2a) cmsPipelineFree(b2a);
    if (profile) cmsCloseProfile(profile);
    if (t.srgb_to_lab) cmsDeleteTransform(t.srgb_to_lab);
    if (t.lab_to_srgb) cmsDeleteTransform(t.lab_to_srgb);
    return written;
}
